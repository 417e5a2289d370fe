"use client";

import type { ReactNode } from "react";
import { DataTable, type DataTableProps } from "./data-table";

type Fixed<T> = Omit<DataTableProps<T>, "data" | "empty"> & { empty: ReactNode };

/**
 * A list's table component from its fixed settings (columns, ids, test ids), for a server page to
 * render with its rows: the columns hold functions, so they stay on the client side of the page.
 */
export function tableOf<T>(fixed: Fixed<T>) {
  return function ListTable(props: { rows: T[]; empty?: ReactNode; footer?: ReactNode; actions?: ReactNode }) {
    const { rows, empty, footer, actions } = props;
    return <DataTable {...fixed} data={rows} empty={empty ?? fixed.empty} footer={footer} actions={actions} />;
  };
}
