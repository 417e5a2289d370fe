import type { ReactNode } from "react";
import { CardTable } from "@/components/ui/card-table";

// The table kit's static mode: a short table a page renders whole — no paging, filter or column
// choice — on the server or in the browser; below 768 px its rows are cards like every list's.

export type StaticColumn<R> = {
  header: string;
  cell: (row: R) => ReactNode;
  /** Figures: the title and the cells sit right, in tabular digits. */
  numeric?: boolean;
  /** The cells' own classes. */
  className?: string;
  testId?: string;
  /** The card's title when the rows are cards on a phone. */
  lead?: boolean;
};

export function StaticTable<R>({
  columns,
  rows,
  rowKey,
  rowProps,
  empty,
  footer,
  testId,
  className = "mt-2",
}: {
  columns: StaticColumn<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string;
  rowProps?: (row: R) => { "data-testid"?: string; "data-status"?: string };
  /** Said in one row when there are no rows. */
  empty?: ReactNode;
  /** The table's own <tfoot>. */
  footer?: ReactNode;
  testId?: string;
  className?: string;
}) {
  return (
    <CardTable className={`${className} w-full text-sm`} data-testid={testId}>
      <thead className="text-left text-xs uppercase tracking-wide text-slate-500">
        <tr>
          {columns.map((c, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns; two may share a title.
            <th key={i} className={`py-1.5 pr-4 font-medium last:pr-0 ${c.numeric ? "text-right" : ""}`}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 && empty !== undefined && (
          <tr>
            <td colSpan={columns.length} className="py-3 text-slate-500">
              {empty}
            </td>
          </tr>
        )}
        {rows.map((row) => (
          <tr key={rowKey(row)} className="border-t border-slate-100 align-top" {...rowProps?.(row)}>
            {columns.map((c, i) => (
              <td
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns; two may share a title.
                key={i}
                className={`py-1.5 pr-4 last:pr-0 ${c.numeric ? "text-right tabular-nums" : ""} ${c.className ?? ""}`}
                data-testid={c.testId}
                data-card={c.lead ? "lead" : undefined}
              >
                {c.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
      {footer}
    </CardTable>
  );
}
