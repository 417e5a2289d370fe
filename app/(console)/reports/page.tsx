import { requirePageUser } from "@/lib/platform/auth/session";
import { getFormat, getTranslations, titled } from "@/lib/platform/i18n/server";
import {
  chargebackRate,
  dailySummary,
  refundsByReason,
  reportingRange,
  reportRangeSchema,
} from "@/lib/reports/service";
import { ListTable } from "@/components/ui/list-table";
import { Card, CardTitle, StatCard } from "@/components/ui/card";
import type { PageSearch } from "@/lib/platform/api/list-state";

export const generateMetadata = titled("reports", "title");

export default async function ReportsPage({ searchParams }: PageSearch) {
  await requirePageUser("reports.read");
  const range = await reportingRange(reportRangeSchema.safeParse(await searchParams).data ?? {});
  const [t, f] = await Promise.all([getTranslations("reports"), getFormat()]);
  const reasonLabel = (code: string | null, fallback: string) =>
    code && t.has(`reasons.${code}` as "reasons.other") ? t(`reasons.${code}` as "reasons.other") : fallback;
  // The moment the figures were read: each sums every ledger row written by then, the kept totals
  // and the changes not yet folded into them alike (lib/platform/kept-hours.ts).
  const asOf = new Date().toISOString();
  const [rows, reasons, rates] = await Promise.all([
    dailySummary(range),
    refundsByReason(range),
    chargebackRate(range),
  ]);
  const totals = Object.values(
    rows.reduce<Record<string, { currency: string; captured: number; refunded: number; net: number; charges: number }>>(
      (acc, r) => {
        const t = acc[r.currency] ?? { currency: r.currency, captured: 0, refunded: 0, net: 0, charges: 0 };
        acc[r.currency] = t;
        t.captured += r.captured;
        t.refunded += r.refunded;
        t.net += r.net;
        t.charges += r.charges;
        return acc;
      },
      {},
    ),
  );
  const field = "mt-1 rounded-md border border-slate-300 px-2 py-1.5";
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{t("title")}</h1>
          <p className="mt-1 text-slate-600" data-testid="report-zone">
            {range.timeZone === "UTC"
              ? t("description", { from: f.day(range.from), to: f.day(range.to) })
              : t("descriptionZone", { from: f.day(range.from), to: f.day(range.to), timeZone: range.timeZone })}
          </p>
          <p className="mt-1 text-xs text-slate-500" data-testid="report-as-of">
            {t("asOf", { time: f.dateTime(asOf) })}
          </p>
        </div>
        <a
          href={`/api/reports/summary.csv?from=${range.from}&to=${range.to}`}
          className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-50"
          data-testid="export-summary"
        >
          {t("exportCsv")}
        </a>
      </div>
      <Card as="form" method="get" className="flex flex-wrap items-end gap-3 text-sm">
        <label className="flex flex-col">
          {t("from")}
          <input type="date" name="from" defaultValue={range.from} className={field} />
        </label>
        <label className="flex flex-col">
          {t("to")}
          <input type="date" name="to" defaultValue={range.to} className={field} />
        </label>
        <button type="submit" className="rounded-md bg-brand-600 px-3 py-1.5 font-medium text-white">
          {t("show")}
        </button>
      </Card>
      <section className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="totals">
        {totals.map((x) => (
          <StatCard
            key={x.currency}
            className="text-sm"
            label={t("charges", { currency: x.currency, count: x.charges })}
            value={t("net", { amount: f.money(x.net, x.currency) })}
          >
            <div className="text-slate-600 tabular-nums">
              {t("capturedRefunded", {
                captured: f.money(x.captured, x.currency),
                refunded: f.money(x.refunded, x.currency),
              })}
            </div>
          </StatCard>
        ))}
      </section>
      <ListTable
        testId="summary"
        label={t("byDay")}
        headers={(
          ["day", "currency", "charges", "charged", "captured", "refunds", "refunded", "cancels", "net"] as const
        ).map((c) => t(`columns.${c}`))}
        numericFrom={2}
        empty={rows.length === 0 ? t("empty") : null}
      >
        {rows.map((r) => {
          const m = (v: number) => f.money(v, r.currency);
          return (
            <tr key={`${r.day}-${r.currency}`} className="border-t border-slate-100 tabular-nums">
              <td className="whitespace-nowrap px-3 py-1.5">{f.day(r.day)}</td>
              <td className="px-3">{r.currency}</td>
              <td className="px-3 text-right">{f.number(r.charges)}</td>
              <td className="px-3 text-right">{m(r.chargeAmount)}</td>
              <td className="px-3 text-right">{m(r.captured)}</td>
              <td className="px-3 text-right">{r.refunds}</td>
              <td className="px-3 text-right">{m(r.refunded)}</td>
              <td className="px-3 text-right">{r.cancels}</td>
              <td className="px-3 text-right font-medium">{m(r.net)}</td>
            </tr>
          );
        })}
      </ListTable>
      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardTitle>{t("byReason")}</CardTitle>
          <table className="mt-2 w-full text-sm tabular-nums" data-testid="reasons">
            <tbody>
              {reasons.length === 0 && (
                <tr>
                  <td className="py-2 text-slate-500">{t("noRefunds")}</td>
                </tr>
              )}
              {reasons.map((x) => (
                <tr key={`${x.reason}-${x.currency}`} className="border-t border-slate-100">
                  <td className="py-1.5">{reasonLabel(x.code, x.reason)}</td>
                  <td className="text-right">{x.count}</td>
                  <td className="text-right">{f.money(x.amount, x.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
        <Card>
          <CardTitle>{t("rate")}</CardTitle>
          <table className="mt-2 w-full text-sm tabular-nums" data-testid="rates">
            <tbody>
              {rates.map((x) => (
                <tr key={x.currency} className="border-t border-slate-100">
                  <td className="py-1.5">{x.currency}</td>
                  <td className="text-right">{t("rateOf", { chargebacks: x.chargebacks, charges: x.charges })}</td>
                  <td className="text-right font-medium">{f.percent(x.rate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      </div>
    </div>
  );
}
