import { requirePageUser } from "@/lib/platform/auth/session";
import { isPreset, ROLE_LABELS } from "@/lib/platform/auth/permissions";
import { PERMISSION_LABELS } from "@/lib/platform/auth/permission-labels";
import { db } from "@/lib/platform/db";
import { getFormat, getTranslations, titled } from "@/lib/platform/i18n/server";
import { addDays, today as todayIn } from "@/lib/platform/i18n/days";
import { zoneName } from "@/lib/platform/i18n/format";
import { getSettings } from "@/lib/platform/settings/service";
import { chargebacksByStatus, declarationsByResult, overviewFor } from "@/lib/overview/service";
import { can } from "@/lib/platform/auth/permissions";
import { CountChart, VolumeChart } from "@/components/charts/lazy";
import Link from "next/link";
import { dueChargebacks } from "@/lib/chargebacks/queue";
import { countOpenExceptions } from "@/lib/reconciliation/query";
import { DeadlineQueue } from "@/components/chargebacks/deadline-queue";
import { Card, CardIntro, CardTitle } from "@/components/ui/card";
import { ScrollCard } from "@/components/ui/scroll-card";
import { gapOf } from "@/lib/declarations/merchant-customs-gap";
import { MerchantGap } from "../customs/_components/merchant-gap";
import { statusLabelWith } from "@/lib/ledger/status-label";
import { stateLabel } from "@/lib/customs/explain";
import { CardTable } from "@/components/ui/card-table";

export const generateMetadata = titled("overview", "title");

export default async function OverviewPage() {
  const user = await requirePageUser("overview.read");
  // The home's days are the merchant's reporting zone's (Settings): one calendar for everyone.
  const [t, tc, f, settings, ts, tcu] = await Promise.all([
    getTranslations("overview"),
    getTranslations("common"),
    getFormat(),
    getSettings(),
    getTranslations("statuses"),
    getTranslations("customs"),
  ]);
  const zone = settings.reportingTimeZone;
  // Every query at once: the page costs its slowest one, not their sum (docs/benchmarks.md).
  const [signIns, o, cbStatus, declResults, due, differences] = await Promise.all([
    db.auditLog.findMany({
      where: { actorId: user.id, action: "auth.sign_in" },
      orderBy: { at: "desc" },
      take: 5,
      select: { id: true, at: true, result: true, ip: true },
    }),
    overviewFor(user, new Date(), zone),
    can(user, "chargebacks.read") ? chargebacksByStatus() : null,
    can(user, "customs.read") ? declarationsByResult() : null,
    can(user, "chargebacks.manage") ? dueChargebacks() : null,
    can(user, "reconciliation.read") ? countOpenExceptions() : null,
  ]);
  const today = todayIn(zone);
  const days = Array.from({ length: 30 }, (_, i) => addDays(today, i - 29));
  const zoneShort = zoneName(zone);
  const daily = o.money?.daily ?? null;
  const queue = (label: string, n: number, href: string, detail?: string) => (
    <Link
      key={label}
      href={href}
      className={`block rounded-xl border p-4 hover:shadow-sm ${n ? "border-amber-300 bg-amber-50" : "border-slate-200 bg-white"}`}
      data-testid="queue"
    >
      <div className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</div>
      <div className="mt-1 text-2xl font-semibold tabular-nums">{n}</div>
      {detail && <div className="text-xs text-slate-600">{detail}</div>}
    </Link>
  );
  const queues = [
    o.approvals !== null && queue(t("queues.approvals"), o.approvals, "/approvals"),
    o.unknown !== null &&
      queue(
        t("queues.unknown"),
        o.unknown,
        "/operations?status=unknown",
        o.unknown ? t("queues.unknownDetail") : undefined,
      ),
    o.chargebacks !== null &&
      queue(
        t("queues.chargebacks"),
        o.chargebacks.reduce((s, c) => s + c.count, 0),
        "/chargebacks",
        o.chargebacks
          .map((c) =>
            t("queues.chargebackDetail", {
              count: c.count,
              status: statusLabelWith(ts, c.status),
              days: c.oldestDays,
            }),
          )
          .join(" · ") || undefined,
      ),
    o.declarations !== null &&
      queue(
        t("queues.declarations"),
        o.declarations.failed + o.declarations.unknown + o.declarations.exceptions,
        "/customs?state=failed",
        t("queues.declarationsDetail", o.declarations),
      ),
    differences !== null && queue(t("queues.reconciliation"), differences, "/reconciliation"),
    o.rejected !== null &&
      queue(t("queues.rejected"), o.rejected, "/webhooks?verification=rejected", t("queues.rejectedDetail")),
  ].filter(Boolean);
  return (
    <div className="max-w-5xl space-y-6">
      <div>
        <h1 className="text-2xl font-semibold">{t("welcome", { name: user.name })}</h1>
        <p className="mt-1 text-slate-600">
          {t.rich("signedInAs", {
            role: isPreset(user.role) ? tc(ROLE_LABELS[user.role]) : user.roleName,
            email: user.email,
            strong: (chunks) => <strong>{chunks}</strong>,
          })}
        </p>
      </div>
      {can(user, "settings.manage") && (
        <MerchantGap gap={gapOf(settings.merchantCustomsCode, settings.merchantCustomsName)} canSet />
      )}
      {queues.length > 0 && (
        <section>
          <h2 className="mb-2 font-semibold">{t("needsPerson")}</h2>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="queues">
            {queues}
          </div>
        </section>
      )}
      {due && <DeadlineQueue queue={due} />}
      {o.money && (
        <ScrollCard label={t("volume.title")} padding={5} data-testid="volume">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <CardTitle>{t("volume.title")}</CardTitle>
            <span className="text-sm text-slate-600" data-testid="reporting-day">
              {t("volume.today", { day: f.day(today), zone: zoneShort })}
            </span>
          </div>
          <p className="text-xs text-slate-500">{t("volume.intro", { zone: zoneShort })}</p>
          <CardTable className="mt-3 w-full text-sm">
            <thead className="text-left text-slate-500">
              <tr>
                <th className="py-1 font-medium">{t("volume.currency")}</th>
                <th className="text-right font-medium">{t("volume.todayGross")}</th>
                <th className="text-right font-medium">{t("volume.refunds")}</th>
                <th className="text-right font-medium">{t("volume.net")}</th>
                <th className="text-right font-medium">{t("volume.weekGross")}</th>
                <th className="text-right font-medium">{t("volume.refunds")}</th>
                <th className="text-right font-medium">{t("volume.net")}</th>
                <th className="text-right font-medium">{t("volume.weekNetCny")}</th>
              </tr>
            </thead>
            <tbody>
              {o.money.week.length === 0 && (
                <tr>
                  <td colSpan={8} className="py-3 text-slate-500">
                    {t("volume.none")}
                  </td>
                </tr>
              )}
              {o.money.week.map((w) => {
                const t = o.money!.today.find((x) => x.currency === w.currency) ?? {
                  gross: 0,
                  refunds: 0,
                  net: 0,
                  netCny: 0,
                };
                const m = (v: number) => f.money(v, w.currency);
                return (
                  <tr key={w.currency} className="border-t border-slate-100 tabular-nums">
                    <td className="py-1.5">{w.currency}</td>
                    <td className="text-right">{m(t.gross)}</td>
                    <td className="text-right">{m(t.refunds)}</td>
                    <td className="text-right font-medium">{m(t.net)}</td>
                    <td className="text-right">{m(w.gross)}</td>
                    <td className="text-right">{m(w.refunds)}</td>
                    <td className="text-right font-medium">{m(w.net)}</td>
                    <td className="text-right text-slate-600">
                      {w.currency === "CNY" || w.netCny ? f.money(w.netCny, "CNY") : "—"}
                    </td>
                  </tr>
                );
              })}
            </tbody>
            {o.money.week.length > 0 && (
              <tfoot>
                <tr className="border-t border-slate-200 tabular-nums" data-testid="cny-total">
                  <td className="py-1.5 font-medium">{t("volume.cnyTotal")}</td>
                  <td colSpan={2} />
                  <td className="text-right font-medium">
                    {f.money(
                      o.money.today.reduce((a, v) => a + v.netCny, 0),
                      "CNY",
                    )}
                  </td>
                  <td colSpan={2} />
                  <td className="text-right font-medium">
                    {f.money(
                      o.money.week.reduce((a, v) => a + v.netCny, 0),
                      "CNY",
                    )}
                  </td>
                  <td />
                </tr>
              </tfoot>
            )}
          </CardTable>
          {o.money.week.length > 0 && (
            <p className="mt-2 text-xs text-slate-500" data-testid="cny-basis">
              {[
                t("volume.cnyAsIs"),
                ...(["converted", "missing"] as const)
                  .filter((k) => o.money!.cnyBasis[k].length)
                  .map((k) =>
                    t(k === "converted" ? "volume.cnyConverted" : "volume.cnyMissing", {
                      list: o.money!.cnyBasis[k].map((x) => t("volume.cnyItem", x)).join(" · "),
                    }),
                  ),
              ].join(" ")}
            </p>
          )}
        </ScrollCard>
      )}
      {daily && (
        <Card padding={5} data-testid="volume-chart">
          <CardTitle>{t("last30")}</CardTitle>
          <VolumeChart points={daily} days={days} />
        </Card>
      )}
      {(cbStatus || declResults) && (
        <div className="grid gap-4 md:grid-cols-2">
          {cbStatus && (
            <Card padding={5}>
              <CardTitle>{t("charts.chargebacks")}</CardTitle>
              <CountChart
                title={t("charts.chargebacks")}
                data={cbStatus.map((d) => ({ ...d, label: statusLabelWith(ts, d.label) }))}
              />
            </Card>
          )}
          {declResults && (
            <Card padding={5}>
              <CardTitle>{t("charts.declarations")}</CardTitle>
              <CountChart
                title={t("charts.declarations")}
                data={declResults.map((d) => ({ ...d, label: stateLabel(tcu, d.label) }))}
              />
            </Card>
          )}
        </div>
      )}
      <Card padding={5}>
        <CardTitle>{t("roleCan")}</CardTitle>
        <ul className="mt-3 grid gap-2 sm:grid-cols-2" data-testid="role-permissions">
          {user.permissions.map((p) => (
            <li key={p} className="flex items-center gap-2 text-sm text-slate-700">
              <span aria-hidden className="h-1.5 w-1.5 rounded-full bg-brand-500" />
              {tc(PERMISSION_LABELS[p])}
            </li>
          ))}
        </ul>
      </Card>
      <Card padding={5}>
        <CardTitle>{t("signIns.title")}</CardTitle>
        <CardIntro>{t("signIns.intro")}</CardIntro>
        <CardTable className="mt-3 w-full text-sm">
          <thead className="text-left text-slate-500">
            <tr>
              <th className="py-1 font-medium">{t("signIns.when")}</th>
              <th className="font-medium">{t("signIns.result")}</th>
              <th className="font-medium">{t("signIns.from")}</th>
            </tr>
          </thead>
          <tbody>
            {signIns.map((s) => (
              <tr key={String(s.id)} className="border-t border-slate-100">
                <td className="py-1.5">{f.dateTime(s.at)}</td>
                <td>{s.result === "ok" ? t("signIns.ok") : t("signIns.refused")}</td>
                <td className="text-slate-600">{s.ip ?? "—"}</td>
              </tr>
            ))}
          </tbody>
        </CardTable>
      </Card>
    </div>
  );
}
