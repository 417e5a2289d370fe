import Link from "next/link";
import type { Column } from "@/components/data-table/types";
import type { NotificationView } from "@/lib/webhooks/query";
import { NotificationActions } from "./notification-actions";

import { amountColumn, dateColumn } from "@/components/data-table/common-columns";

const VERDICT_STYLE: Record<string, string> = {
  verified: "bg-emerald-50 text-emerald-700",
  verified_previous: "bg-emerald-50 text-emerald-700",
  verified_legacy: "bg-emerald-50 text-emerald-700",
  rejected: "bg-red-50 text-red-700",
  unverifiable: "bg-amber-50 text-amber-800",
};
const STATE_STYLE: Record<string, string> = {
  applied: "bg-emerald-50 text-emerald-700",
  confirmed: "bg-emerald-50 text-emerald-700",
  unchanged: "bg-slate-100 text-slate-600",
  stale: "bg-slate-100 text-slate-600",
  pending: "bg-sky-50 text-sky-700",
  unconfirmed: "bg-amber-50 text-amber-800",
  rejected: "bg-red-50 text-red-700",
  expired: "bg-red-50 text-red-700",
};
const label = (s: string) => s.replace(/_/g, " ");
const badge = "whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium";

/** The transaction a notification is about: a refund's or chargeback's charge. */
export const targetOf = (n: NotificationView) =>
  n.type === "vault"
    ? null
    : n.type === "chargeback" || n.type === "refund"
      ? (n.parentId ?? n.transactionId)
      : n.transactionId;

// The webhook inbox's columns, defined once. The raw body opens full width under its row.
export function inboxColumns(manage: boolean): Column<NotificationView>[] {
  return [
    {
      id: "transaction",
      header: "Transaction",
      meta: { pin: "left" },
      cell: ({ row: { original: n } }) => {
        const target = targetOf(n);
        return (
          <div className="min-w-40 max-w-56 wrap-anywhere" data-testid="row-id">
            {target ? (
              <Link
                className="font-mono text-xs text-brand-600 hover:underline"
                href={`/transactions/${encodeURIComponent(target)}`}
              >
                {n.transactionId}
              </Link>
            ) : (
              <span className="font-mono text-xs">{n.transactionId}</span>
            )}
            {n.reference && <div className="text-xs text-slate-500">{n.reference}</div>}
          </div>
        );
      },
    },
    amountColumn((n) => n),
    {
      id: "status",
      header: "Status",
      meta: { keep: true },
      cell: ({ row: { original: n } }) => <span data-testid="row-status">{n.status}</span>,
    },
    {
      id: "outcome",
      header: "Signature · result",
      meta: { priority: 9 },
      cell: ({ row: { original: n } }) => (
        <div className="min-w-44 max-w-xs space-y-1">
          <div className="flex flex-wrap gap-1">
            <span className={`${badge} ${VERDICT_STYLE[n.verification] ?? ""}`}>{label(n.verification)}</span>
            <span className={`${badge} ${STATE_STYLE[n.applyState] ?? ""}`}>{label(n.applyState)}</span>
          </div>
          {n.applyDetail && <div className="text-xs text-slate-600">{n.applyDetail}</div>}
        </div>
      ),
    },
    {
      id: "replays",
      header: "Replays",
      meta: { align: "right", keep: true },
      cell: ({ row: { original: n } }) => (
        <span className="tabular-nums" data-testid="replays">
          {n.duplicates}
        </span>
      ),
    },
    dateColumn("received", "Received", (n) => n.receivedAt, 5),
    { id: "type", header: "Type", meta: { priority: 4 }, cell: ({ row: { original: n } }) => n.type },
    {
      id: "actions",
      header: "Actions",
      meta: { pin: "right" },
      cell: ({ row }) => (
        <div className="min-w-28" data-testid="row-actions">
          <button
            type="button"
            aria-expanded={row.getIsExpanded()}
            onClick={row.getToggleExpandedHandler()}
            className="text-xs font-medium text-brand-600 hover:underline"
          >
            {row.getIsExpanded() ? "Hide raw" : "Raw"}
          </button>
          {manage && (
            <NotificationActions
              id={row.original.id}
              canReapply={row.original.verification !== "rejected" && row.original.applyState !== "expired"}
              canResync={targetOf(row.original) !== null}
            />
          )}
        </div>
      ),
    },
  ];
}

/** The stored body as received, full width and readable (JSON indented). */
export function RawBody({ n }: { n: NotificationView }) {
  let body = n.rawBody;
  try {
    body = JSON.stringify(JSON.parse(n.rawBody), null, 2);
  } catch {
    // Form-encoded or cut short: shown as it came.
  }
  return (
    <div data-testid="raw">
      <div className="mb-1 text-xs text-slate-500">
        {n.contentType}
        {n.bodyTruncated && ` · cut to what was kept of ${n.bodyLength ?? "?"} bytes`}
      </div>
      <pre className="max-h-96 overflow-auto whitespace-pre-wrap wrap-anywhere rounded bg-white p-3 font-mono text-xs ring-1 ring-slate-200">
        {body}
      </pre>
    </div>
  );
}
