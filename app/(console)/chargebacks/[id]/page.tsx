import Link from "next/link";
import { notFound } from "next/navigation";
import { requirePageUser } from "@/lib/platform/auth/session";
import { can } from "@/lib/platform/auth/permissions";
import { NotFound } from "@/lib/platform/errors";
import { getFormat, getPreferences, getTranslations, titled } from "@/lib/platform/i18n/server";
import { getSettings } from "@/lib/platform/settings/service";
import { zoneOptions } from "@/components/ui/zone-options";
import { getChargebackCaseOrThrow } from "@/lib/chargebacks/case";
import { caseParams } from "@/lib/chargebacks/schemas";
import { listOwnerCandidates } from "@/lib/chargebacks/work";
import { StatusBadge } from "@/components/records/ledger/status-badge";
import { DeadlinePill } from "@/components/records/chargebacks/deadline-pill";
import { CaseWork } from "./_components/case-work";
import { ChargeFacts, Section } from "./_components/case-sections";
import { labelOr } from "@/lib/ledger/status-label";
import { Notice } from "@/components/ui/notice";
import { RetieButton, TieForm } from "./_components/tie-form";
import { PageHeader } from "@/components/ui/page-header";

export const generateMetadata = titled("chargebacks", "case.metaTitle");

export default async function ChargebackCasePage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requirePageUser("chargebacks.read");
  const parsed = caseParams.safeParse(await params);
  if (!parsed.success) notFound();
  const c = await getChargebackCaseOrThrow(parsed.data.id).catch((error) => {
    if (error instanceof NotFound) notFound();
    throw error;
  });
  const manage = can(user, "chargebacks.manage");
  const owners = manage ? await listOwnerCandidates() : [];
  const base = `/api/chargebacks/${encodeURIComponent(c.id)}`;
  const [t, f, prefs, settings, methods, wt] = await Promise.all([
    getTranslations("chargebacks"),
    getFormat(),
    getPreferences(),
    getSettings(),
    getTranslations("transactions.methods"),
    getTranslations("webhooks"),
  ]);
  const method = (m: string) => labelOr(methods, m, m);
  const status = (s: string) => (t.has(`statuses.${s}` as "statuses.Won") ? t(`statuses.${s}` as "statuses.Won") : s);

  return (
    <div className="max-w-6xl space-y-5">
      <PageHeader
        back={{ href: "/chargebacks", label: t("case.back") }}
        title={
          <>
            <span>
              {t.rich("case.title", {
                id: c.id,
                mono: (chunks) => <span className="font-mono text-lg">{chunks}</span>,
              })}
            </span>
            <StatusBadge status={c.status} />
            {c.outcome && c.status === "Case Closed" && <StatusBadge status={c.outcome} />}
          </>
        }
        after={
          c.chargeId &&
          c.listedChargeId && (
            <div className="mt-3">
              <Notice tone="warning" testId="tie-conflict">
                {t("case.conflict", { listed: c.listedChargeId, tied: c.chargeId })}
                {manage && <RetieButton caseId={c.id} listed={c.listedChargeId} />}
              </Notice>
            </div>
          )
        }
      >
        {c.chargeId === null ? (
          <span data-testid="untied">
            {t("case.disputedUntied", { amount: f.money(c.amount, c.currency), reference: c.reference ?? "—" })}
          </span>
        ) : (
          t.rich("case.disputed", {
            amount: f.money(c.amount, c.currency),
            chargeId: c.chargeId,
            link: (chunks) => (
              <Link
                className="font-mono text-brand-600 hover:underline"
                href={`/transactions/${encodeURIComponent(c.chargeId ?? "")}`}
              >
                {chunks}
              </Link>
            ),
          })
        )}
        {c.reason ? t("case.reasonSuffix", { reason: c.reason }) : ""}
      </PageHeader>

      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-5">
          <Section title={t("case.facts")} testId="case-facts">
            <dl className="facts grid grid-cols-[11rem_1fr] gap-y-1.5 text-sm">
              <dt className="text-slate-500">{t("case.atRisk")}</dt>
              <dd className="tabular-nums" data-testid="at-risk">
                {f.money(c.amountAtRisk, c.currency)}
              </dd>
              <dt className="text-slate-500">{t("case.reason")}</dt>
              <dd data-testid="reason">{c.reason ?? t("case.reasonNone")}</dd>
              <dt className="text-slate-500">{t("case.opened")}</dt>
              <dd>{f.dateTime(c.openedAt)}</dd>
              <dt className="text-slate-500">{t("case.since")}</dt>
              <dd>{f.dateTime(c.lastChangeAt)}</dd>
              <dt className="text-slate-500">{t("case.respondBy")}</dt>
              <dd className="flex flex-wrap items-center gap-2" data-testid="respond-by">
                {c.respondBy ? f.dateTime(c.respondBy) : t("case.noDate")}
                <DeadlinePill deadline={c} />
              </dd>
            </dl>
            <p className="mt-3 text-xs text-slate-500" data-testid="deadline-rule">
              {t("deadline.rule")}
            </p>
          </Section>

          {c.chargeId === null ? (
            <Section title={t("tie.title")} testId="tie">
              <p className="text-sm text-slate-600">
                {t("tie.intro", {
                  reference: c.reference ?? "—",
                  amount: f.money(c.amount, c.currency),
                  status: status(c.status),
                })}
              </p>
              {manage && <TieForm caseId={c.id} />}
            </Section>
          ) : (
            <ChargeFacts c={c} showCustomer={can(user, "transactions.read")} t={t} f={f} method={method} />
          )}

          <Section title={t("case.history")} testId="history">
            <ol className="space-y-1 text-sm">
              {c.history.map((h) => (
                <li key={h.status} className="flex flex-wrap gap-x-3">
                  <span className="tabular-nums text-slate-500">{f.dateTime(h.at)}</span>
                  <span className="font-medium">{status(h.status)}</span>
                  <span className="text-slate-500">
                    {h.source === "webhook" ? t("case.fromWebhook") : t("case.fromInquiry")}
                  </span>
                </li>
              ))}
            </ol>
          </Section>

          <Section title={t("case.notifications")} testId="notifications">
            {c.notifications.length === 0 ? (
              <p className="text-sm text-slate-500">{t("case.notificationsNone")}</p>
            ) : (
              <ul className="space-y-1 text-sm">
                {c.notifications.map((n) => (
                  <li key={n.id} className="flex flex-wrap gap-x-3">
                    <span className="tabular-nums text-slate-500">{f.dateTime(n.receivedAt)}</span>
                    <span>{n.status ? status(n.status) : "—"}</span>
                    <span className="text-slate-500">
                      {labelOr(wt, `verifications.${n.verification}`, n.verification)} ·{" "}
                      {labelOr(wt, `states.${n.applyState}`, n.applyState)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
            {can(user, "webhooks.read") && c.notifications.length > 0 && (
              <Link
                className="mt-2 inline-block text-sm text-brand-600 hover:underline"
                href={`/webhooks?q=${encodeURIComponent(c.id)}`}
              >
                {t("case.openInbox")}
              </Link>
            )}
          </Section>
        </div>

        <CaseWork
          caseId={c.id}
          manage={manage}
          userId={user.id}
          owner={c.owner}
          owners={owners}
          notes={c.notes}
          files={c.files.map((f) => ({ ...f, href: `${base}/files/${f.id}` }))}
          pack={{
            pdf: `${base}/pack.pdf`,
            zip: `${base}/pack.zip`,
            locale: prefs.locale,
            timeZone: prefs.timeZone,
            // The reader's zone, the merchant's, UTC (what banks read) and China's.
            zones: zoneOptions([prefs.timeZone]).filter((z) =>
              [prefs.timeZone, settings.defaultTimeZone, "UTC", "Asia/Shanghai"].includes(z.value),
            ),
          }}
        />
      </div>
    </div>
  );
}
