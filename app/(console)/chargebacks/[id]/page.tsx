import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { requirePageUser } from "@/lib/auth/session";
import { can } from "@/lib/auth/permissions";
import { NotFound } from "@/lib/errors";
import { formatDateTime } from "@/lib/format";
import { formatMoney } from "@/lib/money";
import { getChargebackCaseOrThrow } from "@/lib/chargebacks/case";
import { caseParams } from "@/lib/chargebacks/schemas";
import { listOwnerCandidates } from "@/lib/chargebacks/work";
import { StatusBadge } from "@/components/status-badge";
import { DEADLINE_RULE, DeadlinePill } from "@/components/chargebacks/deadline-pill";
import { CaseWork } from "./_components/case-work";
import { ChargeFacts, Section } from "./_components/case-sections";

export const metadata: Metadata = { title: "Chargeback" };

export default async function ChargebackCasePage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requirePageUser("chargebacks.read");
  const parsed = caseParams.safeParse(await params);
  if (!parsed.success) notFound();
  const c = await getChargebackCaseOrThrow(parsed.data.id).catch((error) => {
    if (error instanceof NotFound) notFound();
    throw error;
  });
  const manage = can(user.role, "chargebacks.manage");
  const owners = manage ? await listOwnerCandidates() : [];
  const base = `/api/chargebacks/${encodeURIComponent(c.id)}`;

  return (
    <div className="max-w-6xl space-y-5">
      <div>
        <Link href="/chargebacks" className="text-sm text-brand-600 hover:underline">
          ← Chargebacks
        </Link>
        <h1 className="mt-1 flex flex-wrap items-center gap-3 text-2xl font-semibold">
          <span>
            Chargeback <span className="font-mono text-lg">{c.id}</span>
          </span>
          <StatusBadge status={c.status} />
          {c.outcome && c.status === "Case Closed" && <StatusBadge status={c.outcome} />}
        </h1>
        <p className="mt-1 text-slate-600">
          {formatMoney(c.amount, c.currency)} disputed on charge{" "}
          <Link
            className="font-mono text-brand-600 hover:underline"
            href={`/transactions/${encodeURIComponent(c.chargeId)}`}
          >
            {c.chargeId}
          </Link>
          {c.reason ? ` · reason: ${c.reason}` : ""}
        </p>
      </div>

      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-5">
          <Section title="Case" testId="case-facts">
            <dl className="grid grid-cols-[11rem_1fr] gap-y-1.5 text-sm">
              <dt className="text-slate-500">Amount at risk</dt>
              <dd className="tabular-nums" data-testid="at-risk">
                {formatMoney(c.amountAtRisk, c.currency)}
              </dd>
              <dt className="text-slate-500">Reason</dt>
              <dd data-testid="reason">{c.reason ?? "— (notifications carry none; an inquiry may give one)"}</dd>
              <dt className="text-slate-500">Opened</dt>
              <dd>{formatDateTime(c.openedAt)}</dd>
              <dt className="text-slate-500">In this status since</dt>
              <dd>{formatDateTime(c.lastChangeAt)}</dd>
              <dt className="text-slate-500">Respond by</dt>
              <dd className="flex flex-wrap items-center gap-2" data-testid="respond-by">
                {c.respondBy ? formatDateTime(c.respondBy) : "No date in this status"}
                <DeadlinePill deadline={c} />
              </dd>
            </dl>
            <p className="mt-3 text-xs text-slate-500" data-testid="deadline-rule">
              {DEADLINE_RULE}
            </p>
          </Section>

          <ChargeFacts c={c} showCustomer={can(user.role, "transactions.read")} />

          <Section title="Status history" testId="history">
            <ol className="space-y-1 text-sm">
              {c.history.map((h) => (
                <li key={h.status} className="flex flex-wrap gap-x-3">
                  <span className="tabular-nums text-slate-500">{formatDateTime(h.at)}</span>
                  <span className="font-medium">{h.status}</span>
                  <span className="text-slate-500">
                    from {h.source === "webhook" ? "a notification" : "an inquiry"}
                  </span>
                </li>
              ))}
            </ol>
          </Section>

          <Section title="Notifications that told us" testId="notifications">
            {c.notifications.length === 0 ? (
              <p className="text-sm text-slate-500">None stored (the chargeback was found by an inquiry).</p>
            ) : (
              <ul className="space-y-1 text-sm">
                {c.notifications.map((n) => (
                  <li key={n.id} className="flex flex-wrap gap-x-3">
                    <span className="tabular-nums text-slate-500">{formatDateTime(n.receivedAt)}</span>
                    <span>{n.status ?? "—"}</span>
                    <span className="text-slate-500">
                      {n.verification} · {n.applyState}
                    </span>
                  </li>
                ))}
              </ul>
            )}
            {can(user.role, "webhooks.read") && c.notifications.length > 0 && (
              <Link
                className="mt-2 inline-block text-sm text-brand-600 hover:underline"
                href={`/webhooks?q=${encodeURIComponent(c.id)}`}
              >
                Open them in the webhook inbox
              </Link>
            )}
          </Section>
        </div>

        <CaseWork
          caseId={c.id}
          manage={manage}
          owner={c.owner}
          owners={owners}
          notes={c.notes}
          files={c.files.map((f) => ({ ...f, href: `${base}/files/${f.id}` }))}
          packPdf={`${base}/pack.pdf`}
          packZip={`${base}/pack.zip`}
        />
      </div>
    </div>
  );
}
