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
import { DeadlineQueue } from "@/components/records/chargebacks/deadline-queue";
import { Card, CardIntro, CardTitle } from "@/components/ui/card";
import { ScrollCard } from "@/components/ui/scroll-card";
import { gapOf } from "@/lib/declarations/merchant-customs-gap";
import { MerchantGap } from "../customs/_components/merchant-gap";
import { statusLabelWith } from "@/lib/ledger/status-label";
import { stateLabel } from "@/lib/customs/explain";
import { StaticTable } from "@/components/data-table/static-table";

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
          <StaticTable
            className="mt-3"
            rows={o.money.week.map((w) => ({
              w,
              d: o.money!.today.find((x) => x.currency === w.currency) ?? { gross: 0, refunds: 0, net: 0, netCny: 0 },
            }))}
            rowKey={({ w }) => w.currency}
            empty={t("volume.none")}
            columns={[
              { header: t("volume.currency"), cell: ({ w }) => w.currency },
              { header: t("volume.todayGross"), numeric: true, cell: ({ w, d }) => f.money(d.gross, w.currency) },
              { header: t("volume.refunds"), numeric: true, cell: ({ w, d }) => f.money(d.refunds, w.currency) },
              {
                header: t("volume.net"),
                numeric: true,
                className: "font-medium",
                cell: ({ w, d }) => f.money(d.net, w.currency),
              },
              { header: t("volume.weekGross"), numeric: true, cell: ({ w }) => f.money(w.gross, w.currency) },
              { header: t("volume.refunds"), numeric: true, cell: ({ w }) => f.money(w.refunds, w.currency) },
              {
                header: t("volume.net"),
                numeric: true,
                className: "font-medium",
                cell: ({ w }) => f.money(w.net, w.currency),
              },
              {
                header: t("volume.weekNetCny"),
                numeric: true,
                className: "text-slate-600",
                cell: ({ w }) => (w.currency === "CNY" || w.netCny ? f.money(w.netCny, "CNY") : "—"),
              },
            ]}
            footer={
              o.money.week.length > 0 && (
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
              )
            }
          />
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
        <StaticTable
          className="mt-3"
          rows={signIns}
          rowKey={(s) => String(s.id)}
          columns={[
            { header: t("signIns.when"), cell: (s) => f.dateTime(s.at) },
            { header: t("signIns.result"), cell: (s) => (s.result === "ok" ? t("signIns.ok") : t("signIns.refused")) },
            { header: t("signIns.from"), className: "text-slate-600", cell: (s) => s.ip ?? "—" },
          ]}
        />
      </Card>
    </div>
  );
}
