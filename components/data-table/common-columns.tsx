import type { ColumnDef } from "@tanstack/react-table";
import { formatDateTime } from "@/lib/format";
import { formatMoney } from "@/lib/money";
import "./types";

/** The amount column every money list has: right-aligned, never dropped to fit. */
export function amountColumn<T>(
  money: (row: T) => { amount: number | null; currency: string | null },
  header = "Amount",
): ColumnDef<T> {
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
export function dateColumn<T>(id: string, header: string, at: (row: T) => string, priority: number): ColumnDef<T> {
  return {
    id,
    header,
    meta: { priority },
    cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(at(row.original))}</span>,
  };
}
