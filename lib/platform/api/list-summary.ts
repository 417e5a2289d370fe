type Amounts = { currency: string; amount: number }[];

/** What `totals` sums: "net" captured − refunded, "refunded", "declared" CNY; none: the rows' amounts. */
export type SummaryBasis = "net" | "refunded" | "declared";

export type Summary = {
  count: number;
  more: boolean;
  totals?: Amounts | null;
  basis?: SummaryBasis;
  authorized?: Amounts;
  cap?: number;
  estimate?: boolean;
  older?: boolean;
};

/** The summary of a list whose page holds the whole set unless `more` ("more than", no totals). */
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
