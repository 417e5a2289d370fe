"use client";

import Link from "next/link";
import type { Column } from "@/components/data-table/types";
import type { OperationView } from "@/lib/operations/view";
import { KIND_LABEL } from "@/lib/operations/labels";
import { StatusBadge } from "@/components/status-badge";

import { amountColumn, dateColumn } from "@/components/data-table/common-columns";
import { tableOf } from "@/components/data-table/table-of";

// The operations list's columns, defined once.
export const operationColumns: Column<OperationView>[] = [
  {
    id: "operation",
    header: "Operation",
    meta: { pin: "left" },
    cell: ({ row: { original: op } }) => (
      <div data-testid="row-id">
        {KIND_LABEL[op.kind]}
        <div className="font-mono text-xs text-slate-500">{op.reference}</div>
      </div>
    ),
  },
  amountColumn((op) => op),
  {
    id: "status",
    header: "Status",
    meta: { keep: true },
    cell: ({ row: { original: op } }) => (
      <span data-testid="row-status">
        <StatusBadge status={op.status} />
      </span>
    ),
  },
  {
    id: "transaction",
    header: "Transaction",
    meta: { priority: 8 },
    cell: ({ row: { original: op } }) => (
      <Link
        href={`/transactions/${encodeURIComponent(op.transactionId)}`}
        className="font-mono text-xs text-brand-600 hover:underline"
      >
        {op.transactionId}
      </Link>
    ),
  },
  dateColumn("asked", "Asked", (op) => op.createdAt, 6),
  {
    id: "requestedBy",
    header: "Requested by",
    meta: { priority: 3 },
    cell: ({ row: { original: op } }) => <span className="text-slate-600">{op.requestedBy}</span>,
  },
  {
    id: "message",
    header: "What it says",
    meta: { priority: 2 },
    cell: ({ row: { original: op } }) => <span className="text-slate-600">{op.message}</span>,
  },
];

export const OperationsTable = tableOf<OperationView>({
  list: "operations",
  testId: "operations-table",
  columns: operationColumns,
  getRowId: (op) => op.id,
  empty: "No operations match this filter.",
});
