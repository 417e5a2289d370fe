"use client";

import Link from "next/link";
import type { Column } from "@/components/data-table/types";
import type { OperationView } from "@/lib/operations/view";
import { REFUND_REASONS } from "@/lib/operations/labels";
import { formatDateTime } from "@/lib/format";
import { formatMoney } from "@/lib/money";
import { StatusBadge } from "@/components/status-badge";
import { DecisionForm } from "./decision-form-lazy";

import { tableOf } from "@/components/data-table/table-of";

/** A refund waiting for a decision, with what the page knows of its charge and who may decide. */
export type ApprovalRow = {
  op: OperationView;
  charge: { method: string | null; amount: number; captured: number | null; refunded: number; currency: string } | null;
  /** What is left to refund on the charge now. */
  left: number;
  own: boolean;
};

// The approvals list's columns, defined once: the charge pinned left, the decision pinned right.
export const approvalColumns: Column<ApprovalRow>[] = [
  {
    id: "charge",
    header: "Refund on charge",
    meta: { pin: "left" },
    cell: ({ row: { original: a } }) => (
      <div className="min-w-48 max-w-60" data-testid="row-id">
        <Link
          className="wrap-anywhere font-mono text-xs text-brand-600 hover:underline"
          href={`/transactions/${encodeURIComponent(a.op.transactionId)}`}
        >
          {a.op.transactionId}
        </Link>
        {a.charge && (
          <div className="mt-1 text-xs text-slate-600">
            {a.charge.method ?? "—"} · charged {formatMoney(a.charge.amount, a.charge.currency)}, captured{" "}
            {formatMoney(a.charge.captured, a.charge.currency)}, refunded{" "}
            {formatMoney(a.charge.refunded, a.charge.currency)}
          </div>
        )}
        <div className="mt-1 text-xs text-slate-600">
          asked by <strong className="wrap-anywhere">{a.op.requestedBy}</strong> · {formatDateTime(a.op.createdAt)}
        </div>
      </div>
    ),
  },
  {
    id: "amount",
    header: "Refund",
    meta: { align: "right", keep: true },
    cell: ({ row: { original: a } }) => (
      <div className="min-w-28">
        <span className="whitespace-nowrap text-base font-semibold tabular-nums" data-testid="row-amount">
          {formatMoney(a.op.amount, a.op.currency)}
        </span>
        {/* Why, beside how much: what the decision rests on stays in view at any width. */}
        <div className="mt-1 text-xs text-slate-600">
          <strong>{REFUND_REASONS[a.op.reason as keyof typeof REFUND_REASONS] ?? a.op.reason ?? "—"}</strong>
          {a.op.note ? ` — ${a.op.note}` : ""}
        </div>
      </div>
    ),
  },
  {
    id: "status",
    header: "Status",
    meta: { keep: true },
    cell: ({ row: { original: a } }) => (
      <div className="min-w-32" data-testid="row-status">
        <StatusBadge status={a.op.status} />
        {a.op.amount > a.left && (
          <p className="mt-1 text-xs font-medium text-red-700">
            Only {formatMoney(a.left, a.op.currency)} is left to refund now: approving will be refused.
          </p>
        )}
      </div>
    ),
  },
  {
    id: "decision",
    header: "Decision",
    meta: { pin: "right" },
    cell: ({ row: { original: a } }) => (
      <div className="w-64 xl:w-72" data-testid="row-actions">
        {a.own ? (
          <p className="text-sm text-slate-500">You asked for this refund; another manager must decide on it.</p>
        ) : (
          <DecisionForm
            operationId={a.op.id}
            subject={`the refund of ${formatMoney(a.op.amount, a.op.currency)} on ${a.op.transactionId}, asked by ${a.op.requestedBy}`}
          />
        )}
      </div>
    ),
  },
];

export const ApprovalsTable = tableOf<ApprovalRow>({
  list: "approvals",
  testId: "pending-approvals",
  rowTestId: "approval",
  columns: approvalColumns,
  getRowId: (a) => a.op.id,
  empty: "Nothing is waiting for approval.",
});
