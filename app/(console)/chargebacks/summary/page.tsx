import type { Metadata } from "next";
import Link from "next/link";
import { requirePageUser } from "@/lib/auth/session";
import { formatMoney } from "@/lib/money";
import { chargebackBreakdown, reportingMonths, type ChargebackBreakdown } from "@/lib/chargebacks/summary";
import { summaryQuery } from "@/lib/chargebacks/schemas";

export const metadata: Metadata = { title: "Chargeback summary" };

const MonthInput = ({ label, name, value }: { label: string; name: string; value: string }) => (
  <label className="text-sm">
    <span className="block font-medium text-slate-700">{label}</span>
    <input
      type="month"
      name={name}
      defaultValue={value}
      className="mt-1 rounded-md border border-slate-300 px-3 py-2 text-sm"
    />
  </label>
);

const pct = (r: number | null) => (r === null ? "—" : `${(r * 100).toFixed(1)} %`);
const th = "py-1.5 pr-4 font-medium";

function Groups({
  title,
  label,
  rows,
  testId,
}: {
  title: string;
  label: string;
  rows: ChargebackBreakdown["byStatus"];
  testId: string;
}) {
  return (
    <section className="overflow-x-auto rounded-xl border border-slate-200 bg-white p-4" data-testid={testId}>
      <h2 className="font-semibold">{title}</h2>
      {rows.length === 0 ? (
        <p className="mt-1 text-sm text-slate-500">No chargebacks opened in these months.</p>
      ) : (
        <table className="mt-2 w-full text-sm tabular-nums">
          <thead className="text-left text-xs uppercase tracking-wide text-slate-500">
            <tr>
              <th className={th}>{label}</th>
              <th className={`${th} text-right`}>Cases</th>
              <th className={`${th} text-right`}>Disputed</th>
              <th className={`${th} text-right`}>At risk</th>
              <th className={`${th} text-right`}>Won</th>
              <th className={`${th} text-right`}>Lost</th>
              <th className={`${th} text-right`}>Win rate</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={`${r.key}-${r.currency}`} className="border-t border-slate-100">
                <td className="py-1.5 pr-4">
                  {r.key} <span className="text-xs text-slate-500">{r.currency}</span>
                </td>
                <td className="pr-4 text-right">{r.count}</td>
                <td className="pr-4 text-right">{formatMoney(r.amount, r.currency)}</td>
                <td className="pr-4 text-right">{formatMoney(r.atRisk, r.currency)}</td>
                <td className="pr-4 text-right">
                  {r.won} · {formatMoney(r.wonAmount, r.currency)}
                </td>
                <td className="pr-4 text-right">
                  {r.lost} · {formatMoney(r.lostAmount, r.currency)}
                </td>
                <td className="pr-4 text-right">{pct(r.winRate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export default async function ChargebackSummaryPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requirePageUser("chargebacks.read");
  const s = await chargebackBreakdown(await reportingMonths(summaryQuery.parse(await searchParams)));
  return (
    <div className="max-w-6xl space-y-5">
      <div>
        <Link href="/chargebacks" className="text-sm text-brand-600 hover:underline">
          ← Chargebacks
        </Link>
        <h1 className="mt-1 text-2xl font-semibold">Chargeback summary</h1>
        <p className="mt-1 text-slate-600">
          Chargebacks opened from {s.range.from} to {s.range.to} (UTC months). At risk: still open. Win rate: won over
          decided.
        </p>
      </div>
      <form className="flex flex-wrap items-end gap-3" method="get">
        <MonthInput label="From month" name="from" value={s.range.from} />
        <MonthInput label="To month" name="to" value={s.range.to} />
        <button
          type="submit"
          className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-50"
        >
          Show
        </button>
      </form>
      <Groups title="By status" label="Status" rows={s.byStatus} testId="by-status" />
      <Groups title="By reason" label="Reason" rows={s.byReason} testId="by-reason" />
      <Groups title="By month opened" label="Month" rows={s.byMonth} testId="by-month" />
      <section className="overflow-x-auto rounded-xl border border-slate-200 bg-white p-4" data-testid="rate">
        <h2 className="font-semibold">Chargeback rate against charges</h2>
        <p className="text-xs text-slate-500">
          Charges created in each month that have a chargeback, over the charges created in it: the rule of the{" "}
          <Link className="text-brand-600 underline" href="/reports">
            Reports
          </Link>{" "}
          page.
        </p>
        <table className="mt-2 w-full text-sm tabular-nums">
          <thead className="text-left text-xs uppercase tracking-wide text-slate-500">
            <tr>
              <th className={th}>Month</th>
              <th className={th}>Currency</th>
              <th className={`${th} text-right`}>Charges</th>
              <th className={`${th} text-right`}>With a chargeback</th>
              <th className={`${th} text-right`}>Rate</th>
            </tr>
          </thead>
          <tbody>
            {s.rate.map((r) => (
              <tr key={`${r.month}-${r.currency}`} className="border-t border-slate-100">
                <td className="py-1.5 pr-4">{r.month}</td>
                <td className="pr-4">{r.currency}</td>
                <td className="pr-4 text-right">{r.charges}</td>
                <td className="pr-4 text-right">{r.chargebacks}</td>
                <td className="pr-4 text-right">{pct(r.rate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
