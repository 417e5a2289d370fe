"use client";

import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { QRCodeSVG } from "qrcode.react";
import { apiFetch } from "@/lib/api/client";
import { formatMoney } from "@/lib/money";
import { formatDateTime } from "@/lib/format";
import { StatusBadge } from "@/components/status-badge";

type PaymentLink = {
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
    return ` · waiting for the customer${l.expiresAt ? ` until ${formatDateTime(l.expiresAt)}` : ""}…`;
  if (l.status === "succeeded")
    return l.completedAt
      ? ` · paid ${formatDateTime(l.completedAt)}`
      : " · paid (the service has not reported the time yet)";
  if (l.status === "expired") return ` · expired ${formatDateTime(l.completedAt)} unpaid`;
  return ` · ${l.status}`;
}

/** One link, refreshed every few seconds while open; the follow job keeps it up to date when nobody looks. */
function LinkCard({ initial }: { initial: PaymentLink }) {
  const query = useQuery({
    queryKey: ["payment-links", initial.id],
    queryFn: () => apiFetch<PaymentLink>(`/api/payment-links/${initial.id}`),
    initialData: initial,
    refetchInterval: (q) => (q.state.data?.status === "initiated" ? 3000 : false),
  });
  const l = query.data;
  return (
    <li className="flex gap-4 rounded-xl border border-slate-200 bg-white p-4" data-testid="payment-link">
      <QRCodeSVG value={l.url} size={96} aria-label={`QR code for ${l.reference}`} />
      <div className="min-w-0 flex-1 text-sm">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{formatMoney(l.amount, l.currency)}</span>
          <StatusBadge status={l.status} />
          <span className="text-slate-500">
            {l.vendor} · {l.kind === "hosted" ? "hosted page" : "QR"} · {l.reference}
          </span>
        </div>
        <div className="mt-2 flex items-center gap-2">
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
        </div>
        <p className="mt-1 text-xs text-slate-500">
          Created {formatDateTime(l.createdAt)}
          {outcome(l)}
          {l.checkedAt && <span data-testid="link-checked"> · checked {formatDateTime(l.checkedAt)}</span>}
          {l.cnyAmount !== null && ` · ${formatMoney(l.cnyAmount, "CNY")}`}
          {l.transactionId && (
            <>
              {" "}
              ·{" "}
              <Link
                className="text-brand-600 hover:underline"
                href={`/transactions/${encodeURIComponent(l.transactionId)}`}
              >
                transaction
              </Link>
            </>
          )}
        </p>
        {query.isError && (
          <p className="mt-1 text-xs text-red-700">Could not check the payment: {query.error.message}</p>
        )}
      </div>
    </li>
  );
}

export function LinkList({ initial }: { initial: PaymentLink[] }) {
  if (initial.length === 0) return <p className="text-sm text-slate-500">No payment links yet.</p>;
  return (
    <ul className="space-y-3">
      {initial.map((l) => (
        <LinkCard key={l.id} initial={l} />
      ))}
    </ul>
  );
}
