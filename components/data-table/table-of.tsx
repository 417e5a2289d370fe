"use client";

import type { ReactNode } from "react";
import { DataTable, type DataTableProps } from "./data-table";
import type { Column } from "./types";

/** What a list's table takes from its page: the rows and the page's parts around them. */
export type ListTableProps<T> = { rows: T[]; empty?: ReactNode } & Pick<
  DataTableProps<T>,
  "footer" | "actions" | "loading" | "busy" | "expanded" | "selection" | "filters"
>;

type Fixed<T> = Pick<DataTableProps<T>, "list" | "getRowId" | "testId" | "rowTestId" | "defaultHidden">;

/**
 * A list's table component from what is fixed about it (its name, row ids and test ids) and a
 * hook that gives its columns and the words for no rows in the reader's language; `Extra` is
 * what else its columns depend on (a permission the page knows).
 */
export function tableOf<T, Extra extends object = object>(
  fixed: Fixed<T>,
  useColumns: (extra: Extra) => { columns: Column<T>[]; empty: ReactNode },
) {
  return function ListTable(props: ListTableProps<T> & Extra) {
    const { rows, empty, footer, actions, loading, busy, expanded, selection, filters, ...extra } = props;
    const made = useColumns(extra as unknown as Extra);
    return (
      <DataTable
        {...fixed}
        columns={made.columns}
        data={rows}
        empty={empty ?? made.empty}
        footer={footer}
        actions={actions}
        loading={loading}
        busy={busy}
        expanded={expanded}
        selection={selection}
        filters={filters}
      />
    );
  };
}
