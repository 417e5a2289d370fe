import Link from "next/link";
import { formatDateTime } from "@/lib/format";
import { formatMoney } from "@/lib/money";
import type { dueChargebacks } from "@/lib/chargebacks/queue";
import { DUE_SOON_DAYS } from "@/lib/chargebacks/deadline";
import { DEADLINE_RULE, DeadlinePill } from "./deadline-pill";

/** The managers' home queue: cases past their respond-by date or due within three days. */
export function DeadlineQueue({ queue }: { queue: Awaited<ReturnType<typeof dueChargebacks>> }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5" data-testid="chargeback-deadlines">
      <h2 className="font-semibold">Chargebacks to answer</h2>
      <p className="text-xs text-slate-500">
        Overdue or due within {DUE_SOON_DAYS} days: {queue.overdue} overdue, {queue.total - queue.overdue} due soon.{" "}
        {DEADLINE_RULE}
      </p>
      {queue.cases.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">Nothing due.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="mt-3 w-full text-sm">
            <thead className="text-left text-slate-500">
              <tr>
                <th className="py-1 font-medium">Case</th>
                <th className="font-medium">Status</th>
                <th className="text-right font-medium">Amount</th>
                <th className="pl-4 font-medium">Respond by</th>
                <th className="font-medium">Owner</th>
              </tr>
            </thead>
            <tbody>
              {queue.cases.map((c) => (
                <tr key={c.id} className="border-t border-slate-100" data-testid="due-case">
                  <td className="py-1.5 pr-3">
                    <Link className="font-mono text-xs text-brand-600 hover:underline" href={c.href}>
                      {c.id}
                    </Link>
                  </td>
                  <td className="pr-3">{c.status}</td>
                  <td className="whitespace-nowrap text-right tabular-nums">{formatMoney(c.amount, c.currency)}</td>
                  <td className="whitespace-nowrap pl-4 pr-3">
                    <DeadlinePill deadline={c} />{" "}
                    <span className="text-xs text-slate-500">{formatDateTime(c.respondBy)}</span>
                  </td>
                  <td>{c.owner ?? <span className="text-slate-500">nobody</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
