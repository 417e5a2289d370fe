import type { Column } from "./types";
import type { ReactNode } from "react";
import { AmountHeader, DateTimeCell, MoneyCell } from "./cells";

/** The amount column every money list has: right-aligned, never dropped to fit. Headed "Amount" unless told. */
export function amountColumn<T>(
  money: (row: T) => { amount: number | null; currency: string | null },
  header: string | (() => ReactNode) = () => <AmountHeader />,
): Column<T> {
  return {
    id: "amount",
    header,
    meta: { align: "right", keep: true },
    cell: ({ row }) => {
      const { amount, currency } = money(row.original);
      return <MoneyCell amount={amount} currency={currency} />;
    },
  };
}

/** A date-and-time column, secondary: it gives way when the row does not fit. */
export function dateColumn<T>(id: string, header: string, at: (row: T) => string, priority: number): Column<T> {
  return {
    id,
    header,
    meta: { priority },
    cell: ({ row }) => <DateTimeCell at={at(row.original)} />,
  };
}

/** The status column every list has: never dropped to fit; its cell is the row's `row-status`. */
export function statusColumn<T>(
  header: string,
  cell: (row: T) => ReactNode,
  { id = "status", className }: { id?: string; className?: string } = {},
): Column<T> {
  return {
    id,
    header,
    meta: { keep: true },
    cell: ({ row }) => (
      <div className={className} data-testid="row-status">
        {cell(row.original)}
      </div>
    ),
  };
}
