import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import type { ParserMap } from "nuqs";
import type { ReactNode } from "react";
import { makeQueryClient } from "@/components/query-client";
import type { FilterOf, ListState, PageSearch } from "@/lib/platform/api/list-state";

/**
 * A list page's first page of rows, in the browser's query cache before its first paint: the
 * page loads it with the same function its API route answers with, under the same key the
 * browser's useQuery asks for (lib/platform/api/list-state.ts). It goes through JSON as the route's
 * answer does, so the cache holds one shape whichever side filled it. A failed load throws to
 * the page's error boundary, never an empty table.
 */
export async function PrefetchedList({
  queries,
  children,
}: {
  queries: { queryKey: readonly unknown[]; load: () => Promise<unknown> }[];
  children: ReactNode;
}) {
  const client = makeQueryClient();
  const loaded = await Promise.all(queries.map((q) => q.load()));
  for (const [i, q] of queries.entries()) client.setQueryData(q.queryKey, JSON.parse(JSON.stringify(loaded[i])));
  return <HydrationBoundary state={dehydrate(client)}>{children}</HydrationBoundary>;
}

/**
 * A list page's first page, declared once beside the page: its URL read through the list's
 * parsers, loaded with that filter, under the key the browser's `useList` asks for.
 */
export const prefetchOf =
  <P extends ParserMap, A>(list: ListState<P, A>, load: (filter: FilterOf<P>) => Promise<unknown>) =>
  async (searchParams: PageSearch["searchParams"]) => {
    const state = await list.load(searchParams);
    return { queryKey: list.options(list.search(state)).queryKey, load: () => load(list.filter(state)) };
  };
