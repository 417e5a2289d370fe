import type { ColumnDef, RowData } from "@tanstack/react-table";

// A list's columns are TanStack Table column definitions; `meta` (TanStack's slot for what the
// library does not know) says how each behaves when the screen is narrow.
declare module "@tanstack/react-table" {
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Right-align (money, counts). */
    align?: "right";
    /**
     * Stuck to an edge while the table scrolls sideways: the identifying column on the left,
     * the row's actions on the right (TanStack's column pinning). A pinned column is never hidden.
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

/** One column of a list: a TanStack column definition with an explicit id (the remembered choice's key). */
export type Column<T> = ColumnDef<T, unknown> & { id: string };

export type { ColumnMeta, VisibilityState } from "@tanstack/react-table";

type Described = { id: string; header?: unknown; meta?: { pin?: "left" | "right"; keep?: boolean; label?: string } };

/** A column is secondary (may be hidden by the person or to fit) unless pinned or kept. */
export const isSecondary = (c: Pick<Described, "meta">) => !c.meta?.pin && !c.meta?.keep;

export const columnLabel = (c: Described): string => c.meta?.label ?? (typeof c.header === "string" ? c.header : c.id);
