import type { Metadata } from "next";
import Link from "next/link";
import { requirePageUser } from "@/lib/auth/session";
import { can } from "@/lib/auth/permissions";
import { formatDateTime } from "@/lib/format";
import { formatMoney } from "@/lib/money";
import {
  APPLY_STATES,
  inboxFilterSchema,
  listNotifications,
  NOTIFICATION_TYPES,
  VERIFICATIONS,
} from "@/lib/webhooks/query";
import { FilterForm, FilterSelect, FilterText, ListTable } from "@/components/ui/list-page";
import { NotificationActions } from "./_components/notification-actions";

export const metadata: Metadata = { title: "Webhook inbox" };

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

export default async function WebhooksPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requirePageUser("webhooks.read");
  const filter = inboxFilterSchema.parse(await searchParams);
  const { rows, nextBefore } = await listNotifications(filter);
  const manage = can(user.role, "webhooks.manage");
  const next = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...filter, limit: undefined, before: nextBefore ?? undefined }))
    if (v !== undefined) next.set(k, String(v));

  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold">Webhook inbox</h1>
        <p className="mt-1 text-slate-600">
          Every notification the payment service sent, stored before it was acknowledged. Replays are counted, not
          applied again; a status never moves a transaction backwards; a notification whose signature fails, or that was
          signed outside the replay window, is kept and never applied; one whose signature leaves out an essential (id,
          type, status, amount, reference, time) is applied only as an inquiry confirms it.
        </p>
      </div>
      <FilterForm clearHref="/webhooks">
        <FilterText label="Transaction, parent or reference" name="q" value={filter.q} />
        <FilterSelect label="Type" name="type" value={filter.type} options={NOTIFICATION_TYPES} />
        <FilterSelect
          label="Verification"
          name="verification"
          value={filter.verification}
          options={VERIFICATIONS.map((t) => [t, label(t)] as const)}
        />
        <FilterSelect
          label="Result"
          name="state"
          value={filter.state}
          options={APPLY_STATES.map((t) => [t, label(t)] as const)}
        />
      </FilterForm>
      <ListTable
        testId="inbox"
        headers={["Received", "Type", "Status", "Transaction", "Amount", "Signature", "Result", "Replays", ""]}
        empty={rows.length === 0 ? "No notifications match these filters." : null}
      >
        {rows.map((n) => {
          const target =
            n.type === "chargeback" || n.type === "refund" ? (n.parentId ?? n.transactionId) : n.transactionId;
          return (
            <tr key={n.id} className="border-t border-slate-100 align-top" data-testid="notification">
              <td className="whitespace-nowrap px-3 py-2">{formatDateTime(n.receivedAt)}</td>
              <td className="px-3 py-2">{n.type}</td>
              <td className="min-w-[8rem] px-3 py-2">{n.status}</td>
              <td className="px-3 py-2">
                {target && n.type !== "vault" ? (
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
              </td>
              <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">
                {n.amount !== null && n.currency ? formatMoney(n.amount, n.currency) : "—"}
              </td>
              <td className="px-3 py-2">
                <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${VERDICT_STYLE[n.verification] ?? ""}`}>
                  {label(n.verification)}
                </span>
              </td>
              <td className="min-w-[12rem] max-w-xs px-3 py-2">
                <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATE_STYLE[n.applyState] ?? ""}`}>
                  {label(n.applyState)}
                </span>
                {n.applyDetail && <div className="mt-1 text-xs text-slate-600">{n.applyDetail}</div>}
              </td>
              <td className="px-3 py-2 text-right tabular-nums" data-testid="replays">
                {n.duplicates}
              </td>
              <td className="min-w-[10rem] whitespace-nowrap px-3 py-2">
                <details>
                  <summary className="cursor-pointer text-xs text-brand-600">Raw</summary>
                  <pre
                    className="mt-2 max-w-md overflow-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 text-xs"
                    data-testid="raw"
                  >
                    {n.contentType}
                    {"\n"}
                    {n.rawBody}
                  </pre>
                </details>
                {manage && (
                  <NotificationActions
                    id={n.id}
                    canReapply={n.verification !== "rejected" && n.applyState !== "expired"}
                    canResync={!!target && n.type !== "vault"}
                  />
                )}
              </td>
            </tr>
          );
        })}
      </ListTable>
      {nextBefore && (
        <Link href={`/webhooks?${next}`} className="inline-block text-brand-600 hover:underline">
          Older notifications →
        </Link>
      )}
    </div>
  );
}
