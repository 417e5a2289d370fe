import type { Column } from "./types";
import { formatDateTime } from "@/lib/format";
import { formatMoney } from "@/lib/money";

/** The amount column every money list has: right-aligned, never dropped to fit. */
export function amountColumn<T>(
  money: (row: T) => { amount: number | null; currency: string | null },
  header = "Amount",
): Column<T> {
  return {
    id: "amount",
    header,
    meta: { align: "right", keep: true },
    cell: ({ row }) => {
      const { amount, currency } = money(row.original);
      return (
        <span className="whitespace-nowrap tabular-nums" data-testid="row-amount">
          {amount !== null && currency ? formatMoney(amount, currency) : "—"}
        </span>
      );
    },
  };
}

/** A date-and-time column, secondary: it gives way when the row does not fit. */
export function dateColumn<T>(id: string, header: string, at: (row: T) => string, priority: number): Column<T> {
  return {
    id,
    header,
    meta: { priority },
    cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(at(row.original))}</span>,
  };
}
