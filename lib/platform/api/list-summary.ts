// A list's count and per-currency totals as the list pages show them (components/data-table's
// ListSummary): exact, "about" for an estimate, or "more than" the part of the set a page holds.

type Amounts = { currency: string; amount: number }[];

/**
 * What `totals` sums, said beside it: "net" captured − refunded of each charge (transactions, with
 * `authorized` not yet captured apart), "refunded" what refunds alone refunded, "declared" the CNY declared and not refused (declarations); none: the rows' amounts.
 */
export type SummaryBasis = "net" | "refunded" | "declared";

export type Summary = {
  count: number;
  more: boolean;
  totals?: Amounts | null;
  basis?: SummaryBasis;
  authorized?: Amounts;
  cap?: number;
  /** The count is the planner's estimate ("about"), not counted: a search too large to count in time; no totals. */
  estimate?: boolean;
  /** A later page of a paged list: the count is this page's, and no totals (they would be of a part). */
  older?: boolean;
};

/**
 * The summary of a list whose page already holds the whole set unless `more`: exact then, else
 * "more than" the rows shown and no totals (a part of the set would mislead).
 */
export function pageSummary<T>(
  rows: T[],
  more: boolean,
  money?: (row: T) => { amount: number | null; currency: string | null },
  older = false,
  basis?: SummaryBasis,
): Summary {
  if (older) return { count: rows.length, more: false, totals: null, cap: rows.length, older };
  if (more || !money) return { count: rows.length, more, totals: null, cap: rows.length };
  const sums = new Map<string, number>();
  for (const row of rows) {
    const { amount, currency } = money(row);
    if (amount !== null && currency) sums.set(currency, (sums.get(currency) ?? 0) + amount);
  }
  const totals = [...sums].sort(([a], [b]) => a.localeCompare(b)).map(([currency, amount]) => ({ currency, amount }));
  return { count: rows.length, more: false, totals, cap: rows.length, ...(basis ? { basis } : {}) };
}
