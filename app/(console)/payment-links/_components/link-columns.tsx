import Link from "next/link";
import type { Column } from "@/components/data-table/types";
import { formatMoney } from "@/lib/money";
import { formatDateTime } from "@/lib/format";
import { StatusBadge } from "@/components/status-badge";

export type PaymentLink = {
  id: string;
  kind: string;
  vendor: string;
  reference: string;
  amount: number;
  currency: string;
  url: string;
  transactionId: string | null;
  status: string;
  cnyAmount: number | null;
  createdAt: string;
  completedAt: string | null;
  expiresAt: string | null;
  checkedAt: string | null;
};

/** What the service said, in words: the paid time is the service's own, never when we looked. */
function outcome(l: PaymentLink) {
  if (l.status === "initiated")
    return `Waiting for the customer${l.expiresAt ? ` until ${formatDateTime(l.expiresAt)}` : ""}…`;
  if (l.status === "succeeded")
    return l.completedAt ? `Paid ${formatDateTime(l.completedAt)}` : "Paid (the service has not reported the time yet)";
  if (l.status === "expired") return `Expired ${formatDateTime(l.completedAt)} unpaid`;
  return l.status;
}

// The payment links list's columns, defined once: the reference pinned left, the link to send pinned right.
export const linkColumns: Column<PaymentLink>[] = [
  {
    id: "reference",
    header: "Reference",
    meta: { pin: "left" },
    cell: ({ row: { original: l } }) => (
      <div className="min-w-36 max-w-56 wrap-anywhere" data-testid="row-id">
        <span className="font-medium">{l.reference}</span>
        <div className="whitespace-nowrap text-xs text-slate-500">
          {l.vendor} · {l.kind === "hosted" ? "hosted page" : "QR"}
        </div>
      </div>
    ),
  },
  {
    id: "amount",
    header: "Amount",
    meta: { align: "right", keep: true },
    cell: ({ row: { original: l } }) => (
      <div className="whitespace-nowrap tabular-nums" data-testid="row-amount">
        <span className="font-semibold">{formatMoney(l.amount, l.currency)}</span>
        {l.cnyAmount !== null && <div className="text-xs text-slate-500">{formatMoney(l.cnyAmount, "CNY")}</div>}
      </div>
    ),
  },
  {
    id: "status",
    header: "Status",
    meta: { keep: true },
    cell: ({ row: { original: l } }) => (
      <span data-testid="row-status">
        <StatusBadge status={l.status} />
      </span>
    ),
  },
  {
    id: "outcome",
    header: "What happened",
    meta: { priority: 8 },
    cell: ({ row: { original: l } }) => (
      <div className="min-w-44 text-xs text-slate-600">
        {outcome(l)}
        {l.transactionId && (
          <>
            {" · "}
            <Link
              className="text-brand-600 hover:underline"
              href={`/transactions/${encodeURIComponent(l.transactionId)}`}
            >
              transaction
            </Link>
          </>
        )}
        <div className="text-slate-500">
          Created {formatDateTime(l.createdAt)}
          {l.checkedAt && <span data-testid="link-checked"> · checked {formatDateTime(l.checkedAt)}</span>}
        </div>
      </div>
    ),
  },
  {
    id: "link",
    header: "Link to send",
    meta: { pin: "right" },
    cell: ({ row }) => {
      const l = row.original;
      return (
        <div className="flex w-64 items-center gap-1 xl:w-80" data-testid="row-actions">
          <input
            readOnly
            value={l.url}
            className="min-w-0 flex-1 rounded border border-slate-200 px-2 py-1 font-mono text-xs"
            aria-label={`Link for ${l.reference}`}
          />
          <button
            type="button"
            onClick={() => void navigator.clipboard?.writeText(l.url)}
            className="rounded border border-slate-300 px-2 py-1 text-xs"
          >
            Copy
          </button>
          <button
            type="button"
            aria-expanded={row.getIsExpanded()}
            onClick={row.getToggleExpandedHandler()}
            className="rounded border border-slate-300 px-2 py-1 text-xs"
          >
            QR
          </button>
        </div>
      );
    },
  },
];
