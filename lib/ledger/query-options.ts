import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/platform/api/client";
import type { LedgerListItem } from "./query";
import type { ListSummary } from "./summary";

export type TransactionPage = { rows: LedgerListItem[]; nextCursor: string | null };

/** Same key on the server (prefetch) and in the browser; keys start with the resource. */
export function transactionListOptions(search: string) {
  return queryOptions({
    queryKey: ["transactions", "list", search],
    queryFn: () => apiFetch<TransactionPage>(`/api/transactions${search ? `?${search}` : ""}`),
    staleTime: 10_000,
  });
}

/** The filtered set's count and totals: the same filters, without the page's cursor and order. */
export function transactionSummaryOptions(search: string) {
  const filters = new URLSearchParams(search);
  for (const key of ["cursor", "sort", "dir"]) filters.delete(key);
  const query = filters.toString();
  return queryOptions({
    queryKey: ["transactions", "summary", query],
    queryFn: () => apiFetch<ListSummary>(`/api/transactions/summary${query ? `?${query}` : ""}`),
    staleTime: 10_000,
  });
}

/** The URL's query string, normalised so the server and the browser build the same key. */
export function canonicalSearch(params: Record<string, string | string[] | undefined> | URLSearchParams): string {
  const entries =
    params instanceof URLSearchParams
      ? [...params.entries()]
      : Object.entries(params).flatMap(([k, v]) =>
          v === undefined ? [] : [[k, Array.isArray(v) ? v.join(",") : v] as [string, string]],
        );
  return new URLSearchParams(entries.filter(([, v]) => v !== "").sort(([a], [b]) => a.localeCompare(b))).toString();
}
