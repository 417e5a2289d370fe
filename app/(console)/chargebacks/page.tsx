import type { Metadata } from "next";
import Link from "next/link";
import { requirePageUser } from "@/lib/auth/session";
import { formatMoney } from "@/lib/money";
import { chargebackFilterSchema, chargebackSummary, LIST_SIZE, listChargebacks } from "@/lib/chargebacks/query";
import { CHARGEBACK_STATUSES } from "@/lib/chargebacks/record";
import { FilterForm, FilterSelect, FilterText } from "@/components/ui/list-page";
import { ChargebacksTable } from "./_components/chargeback-columns";

import { ListSummary, pageSummary } from "@/components/data-table/list-summary";

export const metadata: Metadata = { title: "Chargebacks" };

export default async function ChargebacksPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requirePageUser("chargebacks.read");
  const filter = chargebackFilterSchema.parse(await searchParams);
  const [rows, summary] = await Promise.all([listChargebacks(filter), chargebackSummary()]);
  const exportQuery = new URLSearchParams(Object.entries(filter).filter(([, v]) => v) as [string, string][]).toString();
  const atRisk = summary.byStatus.filter((s) => s.atRisk);
  const risk: Record<string, number> = {};
  for (const s of atRisk) risk[s.currency] = (risk[s.currency] ?? 0) + s.amount;
  const riskByCurrency = Object.entries(risk);

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">Chargebacks</h1>
          <p className="mt-1 text-slate-600">
            Disputes reported by notification or found in an inquiry, with every status they went through.
          </p>
        </div>
        <Link href="/chargebacks/summary" className="text-sm text-brand-600 hover:underline" data-testid="summary-link">
          Summary by status, reason and month
        </Link>
        <a
          href={`/api/chargebacks/export.csv${exportQuery ? `?${exportQuery}` : ""}`}
          className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-50"
          data-testid="export-chargebacks"
        >
          Export CSV
        </a>
      </div>

      <section className="grid gap-3 sm:grid-cols-3" data-testid="chargeback-summary">
        <div className="rounded-xl border border-slate-200 bg-white p-4">
          <div className="text-xs font-medium uppercase tracking-wide text-slate-500">At risk (open)</div>
          <div className="mt-1 text-lg font-semibold tabular-nums">
            {riskByCurrency.length ? riskByCurrency.map(([c, a]) => formatMoney(a, c)).join(" · ") : "—"}
          </div>
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-4">
          <div className="text-xs font-medium uppercase tracking-wide text-slate-500">Won / lost</div>
          <div className="mt-1 text-lg font-semibold tabular-nums">
            {summary.won} won · {summary.lost} lost
          </div>
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-4">
          <div className="text-xs font-medium uppercase tracking-wide text-slate-500">Win rate</div>
          <div className="mt-1 text-lg font-semibold tabular-nums">
            {summary.winRate === null ? "—" : `${Math.round(summary.winRate * 100)} %`}
          </div>
        </div>
      </section>

      {summary.byStatus.length > 0 && (
        <section className="rounded-xl border border-slate-200 bg-white p-4">
          <h2 className="font-semibold">By status and currency</h2>
          <table className="mt-2 text-sm" data-testid="by-status">
            <tbody>
              {summary.byStatus.map((s) => (
                <tr key={`${s.status}-${s.currency}`} className="border-t border-slate-100">
                  <td className="py-1.5 pr-6">
                    <Link href={`/chargebacks?status=${encodeURIComponent(s.status)}`} className="hover:underline">
                      {s.status}
                    </Link>
                  </td>
                  <td className="pr-6 text-right tabular-nums">{s.count}</td>
                  <td className="text-right tabular-nums">{formatMoney(s.amount, s.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}

      <FilterForm key={JSON.stringify(filter)} clearHref="/chargebacks" views="chargebacks">
        <FilterText label="Chargeback, charge or reference" name="q" value={filter.q} />
        <FilterSelect label="Status" name="status" value={filter.status} options={CHARGEBACK_STATUSES} />
      </FilterForm>

      {rows.length === LIST_SIZE && (
        <p className="text-sm text-slate-600" data-testid="list-capped">
          The {LIST_SIZE} newest are shown: filter by status or search to find others, or export them all.
        </p>
      )}
      <ChargebacksTable
        rows={rows}
        footer={
          <ListSummary
            summary={pageSummary(rows, rows.length >= LIST_SIZE, (c) => c)}
            noun={["chargeback", "chargebacks"]}
            money
          />
        }
        empty={`No chargebacks${filter.status || filter.q ? " match these filters" : " yet"}.`}
      />
    </div>
  );
}
