import { formatMoney } from "@/lib/money";
import type { Summary } from "@/lib/api/list-summary";

export { pageSummary } from "@/lib/api/list-summary";

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
  if (summary.slow)
    return (
      <span className="text-slate-600" data-testid="list-count">
        Too many to count quickly — narrow the filter to see the count and totals.
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
