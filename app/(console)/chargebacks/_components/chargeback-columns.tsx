"use client";

import Link from "next/link";
import type { Column } from "@/components/data-table/types";
import type { ChargebackView } from "@/lib/chargebacks/query";
import { formatDateTime } from "@/lib/format";
import { DeadlinePill } from "@/components/chargebacks/deadline-pill";

import { amountColumn, dateColumn } from "@/components/data-table/common-columns";
import { tableOf } from "@/components/data-table/table-of";

const STATUS_STYLE: Record<string, string> = {
  "Notification of Claim": "bg-red-50 text-red-700",
  "Request For Information": "bg-amber-50 text-amber-800",
  "Information Supplied": "bg-sky-50 text-sky-700",
  Won: "bg-emerald-50 text-emerald-700",
  Lost: "bg-red-100 text-red-800",
  "Case Closed": "bg-slate-100 text-slate-600",
};

// The chargebacks list's columns: the one place to add a case's columns (days left, owner, case page).
export const chargebackColumns: Column<ChargebackView>[] = [
  {
    id: "charge",
    header: "Charge",
    meta: { pin: "left" },
    cell: ({ row: { original: c } }) => (
      <div className="min-w-40 max-w-56 wrap-anywhere" data-testid="row-id">
        {/* Two links one above the other: each a 24 px target (WCAG 2.2 target size). */}
        <Link
          className="inline-block py-1 font-mono text-xs text-brand-600 hover:underline"
          href={`/transactions/${encodeURIComponent(c.chargeId)}`}
        >
          {c.chargeId}
        </Link>
        <div className="text-xs text-slate-500">
          {c.reference ?? ""} ·{" "}
          <Link className="inline-block py-1 text-brand-600 hover:underline" href={c.href} data-testid="case-link">
            case {c.id}
          </Link>
        </div>
      </div>
    ),
  },
  amountColumn((c) => c),
  {
    id: "status",
    header: "Status",
    meta: { keep: true },
    cell: ({ row: { original: c } }) => (
      <div className="min-w-36" data-testid="row-status">
        <span
          className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLE[c.status] ?? ""}`}
        >
          {c.status}
        </span>
        {c.outcome && c.status === "Case Closed" && <div className="mt-1 text-xs text-slate-600">{c.outcome}</div>}
        {c.reason && (
          <div className="mt-1 text-xs text-slate-600" data-testid="reason">
            Reason: {c.reason}
          </div>
        )}
        <div className="mt-1">
          <DeadlinePill deadline={c} />
        </div>
      </div>
    ),
  },
  {
    id: "owner",
    header: "Owner",
    meta: { priority: 7 },
    cell: ({ row: { original: c } }) => (
      <span className="whitespace-nowrap text-xs text-slate-600" data-testid="owner">
        {c.owner ? c.owner.name : "No owner"}
      </span>
    ),
  },
  {
    id: "history",
    header: "History",
    meta: { priority: 8 },
    cell: ({ row: { original: c } }) => (
      <ol className="space-y-0.5 text-xs text-slate-600" data-testid="history">
        {c.history.map((h) => (
          <li key={h.status} className="whitespace-nowrap">
            <span className="tabular-nums">{formatDateTime(h.at)}</span> · {h.status}
          </li>
        ))}
      </ol>
    ),
  },
  {
    id: "age",
    header: "Age",
    meta: { align: "right", priority: 6 },
    cell: ({ row: { original: c } }) => <span className="whitespace-nowrap tabular-nums">{c.ageDays} d</span>,
  },
  dateColumn("opened", "Opened", (c) => c.openedAt, 4),
  dateColumn("lastChange", "Last change", (c) => c.lastChangeAt, 3),
];

export const ChargebacksTable = tableOf<ChargebackView>({
  list: "chargebacks",
  rowTestId: "chargeback",
  columns: chargebackColumns,
  getRowId: (c) => c.id,
  empty: "No chargebacks yet.",
});
