import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "@/lib/platform/api/client";
import { listQueryOptions } from "@/lib/platform/api/list-query";
import type { LedgerListItem } from "./query";
import type { ListSummary } from "./summary";

export type TransactionPage = { rows: LedgerListItem[]; nextCursor: string | null };

/** Same key on the server (prefetch) and in the browser, from the list state's query (transactionList.search). */
export const transactionListOptions = (search: string) =>
  listQueryOptions<TransactionPage>("transactions", "/api/transactions", search);

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
