import type { Metadata } from "next";
import Link from "next/link";
import { requirePageUser } from "@/lib/platform/auth/session";
import { getFormat, getTranslations } from "@/lib/platform/i18n/server";
import { chargebackFilterSchema, chargebackSummary, pageChargebacks } from "@/lib/chargebacks/query";
import { CHARGEBACK_STATUSES } from "@/lib/chargebacks/statuses";
import { FilterForm, FilterSelect, FilterText, Pager, listHref } from "@/components/ui/list-page";
import { ChargebacksTable } from "../_components/chargeback-columns";

import { ListSummary, pageSummary } from "@/components/data-table/list-summary";

const PAGE = 50;

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("chargebacks"))("title") };
}

export default async function ChargebacksPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requirePageUser("chargebacks.read");
  const { limit: _limit, ...filter } = chargebackFilterSchema.parse(await searchParams);
  const [{ rows, nextCursor, older }, summary, t, f] = await Promise.all([
    pageChargebacks({ ...filter, limit: PAGE }),
    chargebackSummary(),
    getTranslations("chargebacks"),
    getFormat(),
  ]);
  const statusLabel = (s: string) =>
    t.has(`statuses.${s}` as "statuses.Won") ? t(`statuses.${s}` as "statuses.Won") : s;
  const atRisk = summary.byStatus.filter((s) => s.atRisk);
  const risk: Record<string, number> = {};
  for (const s of atRisk) risk[s.currency] = (risk[s.currency] ?? 0) + s.amount;
  const riskByCurrency = Object.entries(risk);

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{t("title")}</h1>
          <p className="mt-1 text-slate-600">{t("description")}</p>
        </div>
        <Link href="/chargebacks/summary" className="text-sm text-brand-600 hover:underline" data-testid="summary-link">
          {t("summaryLink")}
        </Link>
        <a
          href={listHref("/api/chargebacks/export.csv", { ...filter, cursor: undefined })}
          className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-50"
          data-testid="export-chargebacks"
        >
          {t("exportCsv")}
        </a>
      </div>

      <section className="grid gap-3 sm:grid-cols-3" data-testid="chargeback-summary">
        <div className="rounded-xl border border-slate-200 bg-white p-4">
          <div className="text-xs font-medium uppercase tracking-wide text-slate-500">{t("atRisk")}</div>
          <div className="mt-1 text-lg font-semibold tabular-nums">
            {riskByCurrency.length ? riskByCurrency.map(([c, a]) => f.money(a, c)).join(" · ") : "—"}
          </div>
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-4">
          <div className="text-xs font-medium uppercase tracking-wide text-slate-500">{t("wonLost")}</div>
          <div className="mt-1 text-lg font-semibold tabular-nums">
            {t("wonLostValue", { won: summary.won, lost: summary.lost })}
          </div>
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-4">
          <div className="text-xs font-medium uppercase tracking-wide text-slate-500">{t("winRate")}</div>
          <div className="mt-1 text-lg font-semibold tabular-nums">
            {summary.winRate === null ? "—" : t("percent", { value: Math.round(summary.winRate * 100) })}
          </div>
        </div>
      </section>

      {summary.byStatus.length > 0 && (
        <section className="rounded-xl border border-slate-200 bg-white p-4">
          <h2 className="font-semibold">{t("byStatusCurrency")}</h2>
          <table className="mt-2 text-sm" data-testid="by-status">
            <tbody>
              {summary.byStatus.map((s) => (
                <tr key={`${s.status}-${s.currency}`} className="border-t border-slate-100">
                  <td className="py-1.5 pr-6">
                    <Link href={`/chargebacks?status=${encodeURIComponent(s.status)}`} className="hover:underline">
                      {statusLabel(s.status)}
                    </Link>
                  </td>
                  <td className="pr-6 text-right tabular-nums">{s.count}</td>
                  <td className="text-right tabular-nums">{f.money(s.amount, s.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}

      <FilterForm key={JSON.stringify({ ...filter, cursor: undefined })} clearHref="/chargebacks" views="chargebacks">
        <FilterText label={t("filters.q")} name="q" value={filter.q} />
        <FilterSelect
          label={t("filters.status")}
          name="status"
          value={filter.status}
          options={CHARGEBACK_STATUSES.map((s) => [s, statusLabel(s)] as const)}
        />
      </FilterForm>

      <ChargebacksTable
        rows={rows}
        footer={
          <ListSummary
            summary={pageSummary(rows, nextCursor !== null, (c) => c, older)}
            noun={[t("noun.one"), t("noun.other")]}
            money
          />
        }
        empty={filter.status || filter.q ? t("emptyFiltered") : t("emptyNone")}
      />
      <Pager path="/chargebacks" filter={filter} next={nextCursor} older={older} />
    </div>
  );
}
