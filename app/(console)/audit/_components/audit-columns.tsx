"use client";

import type { Column } from "@/components/data-table/types";
import { formatDateTime } from "@/lib/format";

import { amountColumn } from "@/components/data-table/common-columns";
import { tableOf } from "@/components/data-table/table-of";

/** One audit entry as the list shows it (the page resolves a user target to its email). */
export type AuditRowView = {
  id: string;
  at: string;
  user: string;
  role: string | null;
  action: string;
  result: string;
  target: string;
  amount: number | null;
  currency: string | null;
  reason: string | null;
  ip: string | null;
};

const RESULT_STYLE: Record<string, string> = {
  ok: "bg-emerald-50 text-emerald-700",
  denied: "bg-amber-50 text-amber-800",
  failed: "bg-red-50 text-red-700",
  error: "bg-red-50 text-red-700",
  succeeded: "bg-emerald-50 text-emerald-700",
  pending_approval: "bg-violet-50 text-violet-700",
  conflict: "bg-amber-50 text-amber-800",
  invalid: "bg-amber-50 text-amber-800",
  unknown: "bg-orange-50 text-orange-800",
};

// The audit log's columns, defined once: the entry (when, what) is pinned; who and the result stay.
export const auditColumns: Column<AuditRowView>[] = [
  {
    id: "entry",
    header: "When · action",
    meta: { pin: "left" },
    cell: ({ row: { original: r } }) => (
      <div data-testid="row-id">
        <span className="whitespace-nowrap">{formatDateTime(r.at)}</span>
        <div className="font-mono text-xs text-slate-600">{r.action}</div>
      </div>
    ),
  },
  {
    id: "user",
    header: "User",
    meta: { priority: 9 },
    cell: ({ row: { original: r } }) => <span className="block min-w-44 wrap-anywhere">{r.user}</span>,
  },
  {
    id: "result",
    header: "Result",
    meta: { keep: true },
    cell: ({ row: { original: r } }) => (
      <span
        className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${RESULT_STYLE[r.result] ?? "bg-slate-100"}`}
        data-testid="row-status"
      >
        {r.result}
      </span>
    ),
  },
  amountColumn((r) => r),
  {
    id: "target",
    header: "Target",
    meta: { priority: 6 },
    cell: ({ row: { original: r } }) => <span className="block min-w-40 wrap-anywhere text-slate-600">{r.target}</span>,
  },
  {
    id: "reason",
    header: "Reason",
    meta: { priority: 5 },
    cell: ({ row: { original: r } }) => <span className="block min-w-32 text-slate-600">{r.reason ?? "—"}</span>,
  },
  { id: "role", header: "Role", meta: { priority: 3 }, cell: ({ row: { original: r } }) => r.role ?? "—" },
  {
    id: "ip",
    header: "IP",
    meta: { priority: 1 },
    cell: ({ row: { original: r } }) => <span className="text-slate-600">{r.ip ?? "—"}</span>,
  },
];

export const AuditTable = tableOf<AuditRowView>({
  list: "audit",
  testId: "audit-table",
  columns: auditColumns,
  getRowId: (r) => r.id,
  empty: "No entries match these filters.",
});
