import type { ReactNode } from "react";
import { ScrollCard } from "./scroll-card";
import { CardTable } from "@/components/ui/card-table";

// A plain table with its header and an empty-state row, for a page that is a report rather than
// a list (the lists are on the table kit, components/data-table).

export function ListTable({
  testId,
  label,
  headers,
  numericFrom = Number.POSITIVE_INFINITY,
  empty,
  children,
}: {
  testId: string;
  /** What the table is, for a screen reader: the box it slides in sideways on a phone takes focus. */
  label: string;
  headers: readonly string[];
  /** The first of the columns holding figures: their titles sit right, over the figures. */
  numericFrom?: number;
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <ScrollCard label={label} padding={0}>
      <CardTable className="w-full text-sm" data-testid={testId}>
        <thead className="bg-slate-50 text-left text-slate-600">
          <tr>
            {headers.map((h, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed header row; two columns may share a title.
              <th key={`${h}-${i}`} className={`px-3 py-2 font-medium ${i >= numericFrom ? "text-right" : ""}`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {empty !== null && (
            <tr>
              <td colSpan={headers.length} className="px-3 py-8 text-center text-slate-500">
                {empty}
              </td>
            </tr>
          )}
          {children}
        </tbody>
      </CardTable>
    </ScrollCard>
  );
}
