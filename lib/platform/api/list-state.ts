import { queryOptions } from "@tanstack/react-query";
import { createLoader, createSerializer, type inferParserType, type ParserMap } from "nuqs/server";
import { keyed } from "@/lib/platform/keyed";
import type { ListId } from "@/lib/platform/pages";
import { apiFetch } from "./client";

// A list is defined once: its URL state (one nuqs parser map the page, browser and API read) and
// where its rows come from. No zod here, nor the page catalog: it goes to the browser.

export type Raw = string | string[] | undefined;

/** What a page is given of its URL's query (Next's `searchParams`). */
export type PageSearch = { searchParams: Promise<Record<string, Raw>> };

/** A parsed filter as the services take it: a value, or undefined where the URL has none. */
export type FilterOf<P extends ParserMap> = {
  [K in keyof P]: null extends inferParserType<P[K]>
    ? NonNullable<inferParserType<P[K]>> | undefined
    : inferParserType<P[K]>;
};
type AnyParser = ParserMap[string];

const first = (raw: Raw) => (Array.isArray(raw) ? raw[0] : raw);

/** The parser's value, "absent" for no value, or "invalid" for one it refuses. */
export function readParam(parser: AnyParser, raw: Raw): { value: unknown; refused: boolean } | "absent" | "invalid" {
  const query = parser.type === "multi" ? (raw === undefined ? [] : ([] as string[]).concat(raw)) : first(raw);
  if (query === undefined || query === "" || (Array.isArray(query) && query.length === 0)) return "absent";
  let value: unknown;
  try {
    value = parser.parse(query as string & string[]);
  } catch {
    return "invalid";
  }
  if (value === null || value === undefined || (Array.isArray(value) && value.length === 0)) return "invalid";
  const refused = Array.isArray(value) && typeof query === "string" && value.length < query.split(",").length;
  return { value, refused };
}

/** The value a parser stands for when the URL has none it can use. */
export const fallbackOf = (parser: AnyParser): unknown =>
  "defaultValue" in parser ? (parser as { defaultValue: unknown }).defaultValue : undefined;

/** A filter the list cannot use: which parameter, and the message (a catalog key) that says why. */
export type FilterIssue = { key: string; message: string };

/** The catalog message for a refused value; the list names the filter by where it shows it. */
export const invalidFilterMessage = (raw: Raw) =>
  keyed("validation.invalidFilter", { value: String(first(raw) ?? "").slice(0, 60) });

const entriesOf = (input: URLSearchParams | Record<string, Raw>): Record<string, Raw> => {
  if (!(input instanceof URLSearchParams)) return input;
  return Object.fromEntries(
    [...new Set(input.keys())].map((key) => {
      const all = input.getAll(key);
      return [key, all.length === 1 ? all[0] : all];
    }),
  );
};

/** A GET of one of the console's routes as a query: `query` is the URL's query, "" for none. */
export const routeQuery = <T>(queryKey: readonly string[], path: string, query: string) =>
  queryOptions({
    queryKey: [...queryKey],
    queryFn: () => apiFetch<T>(`${path}${query ? `?${query}` : ""}`),
    staleTime: 10_000,
  });

/**
 * Where a list's rows come from: its API route, what the page always asks of it (its page size,
 * no part of the URL or the key), and its cache key — the list's page (lib/platform/pages.ts,
 * what its saved views name; its path is `/${page}`), or a `key` and `path` for a list that is
 * no such page.
 */
export type ListSource = { api: `/api/${string}`; fixed?: Record<string, string> } & (
  | { page: ListId; key?: never; path?: never }
  | { key: string; path: `/${string}`; page?: never }
);

/**
 * A list from its parser map and its source, answering `A` (its route's answer): `load`,
 * `search` (the canonical query), `issues`, and `options` (the query both the page's prefetch
 * and the browser ask for, under `key`, which a change invalidates).
 */
export function defineList<P extends ParserMap, A>(parsers: P, source: ListSource) {
  const serialize = createSerializer(parsers);
  const resource = source.page ?? source.key;
  return {
    parsers,
    page: source.page,
    path: source.path ?? `/${source.page}`,
    key: [resource] as const,
    options: (search: string) =>
      routeQuery<A>(
        [resource, "list", search],
        source.api,
        [search, new URLSearchParams(source.fixed).toString()].filter(Boolean).join("&"),
      ),
    load: createLoader(parsers),
    filter: (state: inferParserType<P>) =>
      Object.fromEntries(Object.entries(state).map(([k, v]) => [k, v ?? undefined])) as FilterOf<P>,
    search: (state: Partial<inferParserType<P>> | object) => serialize(state as never).replace(/^\?/, ""),
    issues(input: URLSearchParams | Record<string, Raw>): FilterIssue[] {
      const entries = entriesOf(input);
      return Object.entries(parsers).flatMap(([key, parser]) => {
        const read = readParam(parser, entries[key]);
        return read === "invalid" || (read !== "absent" && read.refused)
          ? [{ key, message: invalidFilterMessage(entries[key]) }]
          : [];
      });
    },
  };
}
export type ListState<P extends ParserMap, A = unknown> = ReturnType<typeof defineList<P, A>>;
