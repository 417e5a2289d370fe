import type { ReactNode } from "react";

// The kit's column model: TanStack Table's shape (id, header, cell({ row }), meta), rendered by
// the kit itself. TanStack's runtime (14 KiB gzip on every list page) put /users and /approvals
// over the 180 KiB first-load goal, and the kit uses none of its row models: the server pages,
// sorts and filters every list.

/** How a column behaves when the screen is narrow. */
export type ColumnMeta = {
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
};

/** What a cell gets: its row's data and the row's full-width panel (DataTable's `expanded`). */
export type Row<T> = {
  id: string;
  original: T;
  getIsExpanded: () => boolean;
  getToggleExpandedHandler: () => () => void;
};

export type Column<T> = {
  id: string;
  header: string | (() => ReactNode);
  meta?: ColumnMeta;
  cell: (context: { row: Row<T> }) => ReactNode;
};

/** Columns the person switched off, by id (false = hidden). */
export type VisibilityState = Record<string, boolean>;

/** A column is secondary (may be hidden by the person or to fit) unless pinned or kept. */
export const isSecondary = (c: { meta?: ColumnMeta }) => !c.meta?.pin && !c.meta?.keep;

export const columnLabel = (c: { id: string; header: unknown; meta?: ColumnMeta }): string =>
  c.meta?.label ?? (typeof c.header === "string" ? c.header : c.id);
