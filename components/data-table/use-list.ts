"use client";

import { keepPreviousData, type UseQueryOptions, useQuery } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { type Nullable, type inferParserType, type ParserMap, useQueryStates } from "nuqs";
import { useCallback, useMemo } from "react";
import type { ListState } from "@/lib/platform/api/list-state";
import { trackUrlUpdate } from "./url-updates";

/**
 * A list in the browser: its URL state through the list's parser map (the same map the page's
 * loader read), its page of rows through the query cache under the key the page prefetched
 * (`list.options`),
 * and the URL's refused values. A change of filter or page is a shallow URL change and a fetch
 * of the list's API route, not a server render.
 */
export function useList<P extends ParserMap, A>(list: ListState<P, A>, extra: ListQueryExtra<A> = {}) {
  const [state, setUrlState] = useQueryStates(list.parsers, { shallow: true, history: "push" });
  // Each write is tracked until it lands: a link followed meanwhile waits for it (url-updates.tsx).
  const setState = useCallback(
    (...args: Parameters<typeof setUrlState>) => trackUrlUpdate(setUrlState(...args)),
    [setUrlState],
  );
  const search = list.search(state);
  const query = useQuery({ ...list.options(search), placeholderData: keepPreviousData, ...extra });
  const raw = useSearchParams();
  const text = raw.toString();
  const issues = useMemo(() => list.issues(new URLSearchParams(text)), [list, text]);
  const paging = Object.fromEntries(["cursor", "before"].filter((k) => k in list.parsers).map((k) => [k, null]));
  /** New filters start at the first page. */
  const filter = (values: Partial<Nullable<inferParserType<P>>>) => setState({ ...values, ...paging } as never);
  /** The query without its page: what the filter bar is remade on (its key), what an export takes. */
  const unpaged = list.search({ ...state, ...paging });
  /**
   * The filter bar's props: Apply reads its form, Clear empties the fields it shows; both go to the
   * first page. A list that is a page has its saved views at the bar's end (lib/platform/pages.ts).
   */
  const filterBar = () => ({
    issues,
    views: list.page,
    values: state as Record<string, unknown>,
    onApply: (values: Record<string, string>) => void filter(list.load(values)),
    onClear: (names: string[]) =>
      void filter(
        Object.fromEntries(names.filter((k) => Object.hasOwn(list.parsers, k)).map((k) => [k, null])) as never,
      ),
  });
  return { state, setState, filter, search, query, issues, unpaged, filterBar };
}

/** What a list's page asks of its query beyond the list's own options (a refresh interval). */
export type ListQueryExtra<A> = Omit<UseQueryOptions<A, Error, A, string[]>, "queryKey" | "queryFn">;
