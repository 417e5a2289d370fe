import type { Metadata } from "next";
import Link from "next/link";
import { requirePageUser } from "@/lib/auth/session";
import { formatDateTime } from "@/lib/format";
import { formatMoney } from "@/lib/money";
import { chargebackFilterSchema, chargebackSummary, LIST_SIZE, listChargebacks } from "@/lib/chargebacks/query";
import { CHARGEBACK_STATUSES } from "@/lib/chargebacks/record";
import { FilterForm, FilterSelect, FilterText, ListTable } from "@/components/ui/list-page";
import { DeadlinePill } from "@/components/chargebacks/deadline-pill";

export const metadata: Metadata = { title: "Chargebacks" };

const STATUS_STYLE: Record<string, string> = {
  "Notification of Claim": "bg-red-50 text-red-700",
  "Request For Information": "bg-amber-50 text-amber-800",
  "Information Supplied": "bg-sky-50 text-sky-700",
  Won: "bg-emerald-50 text-emerald-700",
  Lost: "bg-red-100 text-red-800",
  "Case Closed": "bg-slate-100 text-slate-600",
};

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

      <FilterForm clearHref="/chargebacks">
        <FilterText label="Chargeback, charge or reference" name="q" value={filter.q} />
        <FilterSelect label="Status" name="status" value={filter.status} options={CHARGEBACK_STATUSES} />
      </FilterForm>

      {rows.length === LIST_SIZE && (
        <p className="text-sm text-slate-600" data-testid="list-capped">
          The {LIST_SIZE} newest are shown: filter by status or search to find others, or export them all.
        </p>
      )}
      <ListTable
        testId="chargebacks"
        headers={["Charge", "Amount", "Status", "Opened", "Last change", "Age", "History"]}
        empty={
          rows.length === 0 ? `No chargebacks${filter.status || filter.q ? " match these filters" : " yet"}.` : null
        }
      >
        {rows.map((c) => (
          <tr key={c.id} className="border-t border-slate-100 align-top" data-testid="chargeback">
            <td className="px-3 py-2">
              <Link
                className="font-mono text-xs text-brand-600 hover:underline"
                href={`/transactions/${encodeURIComponent(c.chargeId)}`}
              >
                {c.chargeId}
              </Link>
              <div className="text-xs text-slate-500">
                {c.reference ?? ""} ·{" "}
                <Link className="text-brand-600 hover:underline" href={c.href} data-testid="case-link">
                  case {c.id}
                </Link>
              </div>
            </td>
            <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">{formatMoney(c.amount, c.currency)}</td>
            <td className="px-3 py-2">
              <span
                className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLE[c.status] ?? ""}`}
              >
                {c.status}
              </span>
              {c.outcome && c.status === "Case Closed" && (
                <div className="mt-1 text-xs text-slate-600">{c.outcome}</div>
              )}
              {c.reason && (
                <div className="mt-1 text-xs text-slate-600" data-testid="reason">
                  Reason: {c.reason}
                </div>
              )}
              <div className="mt-1">
                <DeadlinePill deadline={c} />
              </div>
              <div className="mt-1 text-xs text-slate-600" data-testid="owner">
                {c.owner ? `Owner: ${c.owner.name}` : "No owner"}
              </div>
            </td>
            <td className="whitespace-nowrap px-3 py-2">{formatDateTime(c.openedAt)}</td>
            <td className="whitespace-nowrap px-3 py-2">{formatDateTime(c.lastChangeAt)}</td>
            <td className="px-3 py-2 tabular-nums">{c.ageDays} d</td>
            <td className="px-3 py-2">
              <ol className="space-y-0.5 text-xs text-slate-600" data-testid="history">
                {c.history.map((h) => (
                  <li key={h.status}>
                    <span className="tabular-nums">{formatDateTime(h.at)}</span> · {h.status}
                  </li>
                ))}
              </ol>
            </td>
          </tr>
        ))}
      </ListTable>
    </div>
  );
}
