import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { requirePageUser } from "@/lib/auth/session";
import { NotFound } from "@/lib/errors";
import { formatMoney } from "@/lib/money";
import { getCustomer } from "@/lib/customers/view";
import { customerParams } from "@/lib/customers/schemas";
import { CustomerRecords } from "./_components/customer-records";

export const metadata: Metadata = { title: "Customer" };

const pct = (r: number | null) => (r === null ? "—" : `${(r * 100).toFixed(r < 0.1 ? 2 : 1)} %`);

export default async function CustomerPage({ params }: { params: Promise<{ reference: string }> }) {
  const user = await requirePageUser("transactions.read");
  const parsed = customerParams.safeParse(await params);
  if (!parsed.success) notFound();
  const c = await getCustomer(parsed.data.reference, user.role).catch((error) => {
    if (error instanceof NotFound) notFound();
    throw error;
  });

  return (
    <div className="max-w-6xl space-y-5">
      <div>
        <Link href="/customers" className="text-sm text-brand-600 hover:underline">
          ← Customers
        </Link>
        <h1 className="mt-1 text-2xl font-semibold">
          Customer <span className="font-mono text-xl">{c.reference}</span>
        </h1>
        <p className="mt-1 text-slate-600">
          Everything the console knows of this consumer reference that your role may see.
        </p>
      </div>

      <section className="grid gap-3 sm:grid-cols-3" data-testid="customer-summary">
        <div className="rounded-xl border border-slate-200 bg-white p-4">
          <div className="text-xs font-medium uppercase tracking-wide text-slate-500">Charges</div>
          <div className="mt-1 text-lg font-semibold tabular-nums" data-testid="charge-count">
            {c.chargeCount}
          </div>
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-4">
          <div className="text-xs font-medium uppercase tracking-wide text-slate-500">Chargebacks</div>
          <div className="mt-1 text-lg font-semibold tabular-nums">
            {c.chargebacks === null ? "—" : c.chargebackCount}
          </div>
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-4">
          <div className="text-xs font-medium uppercase tracking-wide text-slate-500">Chargeback ratio</div>
          <div className="mt-1 text-lg font-semibold tabular-nums" data-testid="chargeback-ratio">
            {pct(c.chargebackRatio)}
          </div>
        </div>
      </section>

      <section className="overflow-x-auto rounded-xl border border-slate-200 bg-white p-4">
        <h2 className="font-semibold">Lifetime totals</h2>
        <table className="mt-2 w-full text-sm" data-testid="totals">
          <thead className="text-left text-xs uppercase tracking-wide text-slate-500">
            <tr>
              <th className="py-1.5 pr-4 font-medium">Currency</th>
              <th className="pr-4 text-right font-medium">Charges</th>
              <th className="pr-4 text-right font-medium">Captured</th>
              <th className="pr-4 text-right font-medium">Refunded</th>
              <th className="pr-4 text-right font-medium">Disputed</th>
              <th className="text-right font-medium">Net</th>
            </tr>
          </thead>
          <tbody>
            {c.byCurrency.map((t) => (
              <tr
                key={t.currency}
                className="border-t border-slate-100 tabular-nums"
                data-testid={`total-${t.currency}`}
              >
                <td className="py-1.5 pr-4">{t.currency}</td>
                <td className="pr-4 text-right">{t.charges}</td>
                <td className="pr-4 text-right" data-testid="captured">
                  {formatMoney(t.captured, t.currency)}
                </td>
                <td className="pr-4 text-right" data-testid="refunded">
                  {formatMoney(t.refunded, t.currency)}
                </td>
                <td className="pr-4 text-right">{formatMoney(t.disputed, t.currency)}</td>
                <td className="text-right font-medium" data-testid="net">
                  {formatMoney(t.net, t.currency)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-2 text-xs text-slate-500">
          Net is captured less refunds and chargebacks lost. The ratio counts chargebacks per charge, over all time.
        </p>
      </section>

      <CustomerRecords c={c} />
    </div>
  );
}
