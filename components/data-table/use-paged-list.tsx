"use client";

import type { ParserMap } from "nuqs";
import type { ListState } from "@/lib/platform/api/list-state";
import { pageSummary, type SummaryBasis } from "@/lib/platform/api/list-summary";
import { listHref } from "./list-pager";
import { ListSummary } from "./list-summary-view";
import { type ListQueryExtra, useList } from "./use-list";

/**
 * A keyset-paged list (a page answers `nextCursor` and `older`, or `nextBefore` for a list paged
 * by time): useList, the page, a table's props for its rows and the pager's. Apart from useList
 * so the lists that page their own way do not load it.
 */
export function usePagedList<P extends ParserMap, A>(list: ListState<P, A>, extra: ListQueryExtra<A> = {}) {
  const l = useList(list, extra);
  const { state, setState, query } = l;
  const page = query.data as Paged | undefined;
  const byBefore = "before" in list.parsers;
  const older = byBefore ? (state as { before?: unknown }).before != null : (page?.older ?? false);
  const next = (byBefore ? page?.nextBefore : page?.nextCursor) ?? null;
  const more = next !== null;
  /** A table's props for the page's rows: loading and busy from the query, and its count (and totals by `money`) below. */
  const table = <R,>(rows: R[], summary?: Footer<R>) => ({
    rows,
    loading: query.isPending,
    busy: query.isFetching,
    footer: page && summary && (
      <ListSummary
        summary={pageSummary(rows, more, summary.money, older, summary.basis)}
        noun={summary.noun}
        money={!!summary.money}
      />
    ),
  });
  /** The pager's props under a keyset page of the list (`nextCursor`, or `nextBefore` for a list paged by time). */
  const pager = (olderLabel?: string) => {
    const key = byBefore ? "before" : "cursor";
    return {
      older,
      next,
      hrefOf: (at: string | null) => listHref(list.path, list.search({ ...state, [key]: at })),
      onPage: (at: string | null) => void setState({ [key]: at } as never),
      olderLabel,
    };
  };
  /** The same for a DataTable, which takes its rows as `data`. */
  const dataTable = <R,>(rows: R[], summary?: Footer<R>) => {
    const { rows: data, ...rest } = table(rows, summary);
    return { data, ...rest };
  };
  return { ...l, page: query.data, table, dataTable, pager };
}

type Paged = { nextCursor?: string | null; nextBefore?: string | null; older?: boolean };
type Footer<R> = {
  noun: [string, string];
  money?: (row: R) => { amount: number | null; currency: string | null };
  basis?: SummaryBasis;
};
