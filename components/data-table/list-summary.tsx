import { formatMoney } from "@/lib/money";

export type Summary = {
  count: number;
  more: boolean;
  totals?: { currency: string; amount: number }[] | null;
  cap?: number;
};

const number = new Intl.NumberFormat("en-US");

/**
 * A list's count ("more than N" when counting further would be slow) and, for lists with money,
 * the amount per currency of the whole filtered set — or why there is none.
 */
export function ListSummary({
  summary,
  noun,
  money = false,
}: {
  summary: Summary | undefined;
  noun: [string, string];
  money?: boolean;
}) {
  if (!summary)
    return (
      <span className="text-slate-500" data-testid="list-count">
        Counting…
      </span>
    );
  const { count, more, totals } = summary;
  return (
    <span className="flex flex-wrap items-baseline gap-x-3 gap-y-1" data-testid="list-summary">
      <span className="font-medium text-slate-800" data-testid="list-count">
        {more
          ? `More than ${number.format(count)} ${noun[1]}`
          : `${number.format(count)} ${count === 1 ? noun[0] : noun[1]}`}
      </span>
      {money &&
        (totals ? (
          totals.length > 0 && (
            <span className="tabular-nums text-slate-600" data-testid="list-totals">
              Total {totals.map((t) => formatMoney(t.amount, t.currency)).join(" · ")}
            </span>
          )
        ) : (
          <span className="text-slate-500" data-testid="list-totals">
            Totals are summed for up to {number.format(summary.cap ?? count)} {noun[1]} — narrow the filter to see them.
          </span>
        ))}
    </span>
  );
}

/**
 * The summary of a list whose page already holds the whole set unless `more`: exact then, else
 * "more than" the rows shown and no totals (a part of the set would mislead).
 */
export function pageSummary<T>(
  rows: T[],
  more: boolean,
  money?: (row: T) => { amount: number | null; currency: string | null },
): Summary {
  if (more || !money) return { count: rows.length, more, totals: null, cap: rows.length };
  const sums = new Map<string, number>();
  for (const row of rows) {
    const { amount, currency } = money(row);
    if (amount !== null && currency) sums.set(currency, (sums.get(currency) ?? 0) + amount);
  }
  const totals = [...sums].sort(([a], [b]) => a.localeCompare(b)).map(([currency, amount]) => ({ currency, amount }));
  return { count: rows.length, more: false, totals, cap: rows.length };
}
