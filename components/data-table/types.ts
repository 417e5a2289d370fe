import type { RowData } from "@tanstack/react-table";

// What the kit reads from a column's `meta`. A list defines each column once (its own
// columns file); these say how the column behaves when the screen is narrow.
declare module "@tanstack/react-table" {
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Right-align (money, counts). */
    align?: "right";
    /**
     * Stuck to an edge while the table scrolls sideways: the identifying column on the left,
     * the row's actions on the right. A pinned column is never hidden.
     */
    pin?: "left" | "right";
    /**
     * Never dropped to fit the width (amount, status). Columns without `keep` or `pin` are
     * secondary: when the row does not fit, the lowest `priority` goes first (default 1), and
     * among equals the right-most.
     */
    keep?: boolean;
    priority?: number;
    /** The URL sort key this column's header toggles (the list owns the sort state). */
    sortKey?: string;
    /** The column picker's name for a column whose header is not plain text. */
    label?: string;
  }
}

export type Align = "right" | undefined;
