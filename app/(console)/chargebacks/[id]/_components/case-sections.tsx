import Link from "next/link";
import { formatDateTime } from "@/lib/format";
import { formatMoney } from "@/lib/money";
import type { ChargebackCase } from "@/lib/chargebacks/case";
import { StatusBadge } from "@/components/status-badge";

export function Section({ title, testId, children }: { title: string; testId?: string; children: React.ReactNode }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4" data-testid={testId}>
      <h2 className="mb-2 font-semibold">{title}</h2>
      {children}
    </section>
  );
}

/** The disputed charge: amounts, how it was paid, who paid, shipping from its captures, its refunds. */
export function ChargeFacts({ c, showCustomer }: { c: ChargebackCase; showCustomer: boolean }) {
  const ch = c.charge;
  if (!ch)
    return (
      <Section title="Charge" testId="charge">
        <p className="text-sm text-slate-600">
          Charge {c.chargeId} is not in the console&apos;s ledger yet. Import it on the Transactions page to see it
          here.
        </p>
      </Section>
    );
  const who = [ch.customer.name, ch.customer.email].filter(Boolean).join(" · ");
  return (
    <Section title="Charge" testId="charge">
      <dl className="grid grid-cols-[11rem_1fr] gap-y-1.5 text-sm">
        <dt className="text-slate-500">Amount</dt>
        <dd className="tabular-nums">
          {formatMoney(ch.amount, ch.currency)}
          {ch.amountCaptured !== null && ` · ${formatMoney(ch.amountCaptured, ch.currency)} captured`}
          {` · ${formatMoney(c.refundedTotal, ch.currency)} refunded`}
        </dd>
        <dt className="text-slate-500">Reference</dt>
        <dd>{ch.reference ?? "—"}</dd>
        <dt className="text-slate-500">Paid with</dt>
        <dd data-testid="paid-with">
          {[ch.method, ch.paymentType].filter(Boolean).join(" · ") || "—"}
          {ch.panMasked && <span className="ml-2 font-mono">{ch.panMasked}</span>}
        </dd>
        <dt className="text-slate-500">Customer</dt>
        <dd data-testid="customer">
          {ch.customer.reference && showCustomer ? (
            <Link
              className="text-brand-600 hover:underline"
              href={`/customers/${encodeURIComponent(ch.customer.reference)}`}
            >
              {ch.customer.reference}
            </Link>
          ) : (
            (ch.customer.reference ?? "—")
          )}
          {who && <span className="ml-2 text-slate-600">{who}</span>}
        </dd>
        <dt className="text-slate-500">Created</dt>
        <dd>{formatDateTime(ch.timeCreated)}</dd>
        <dt className="text-slate-500">Shipping</dt>
        <dd data-testid="shipping">
          {c.shipping.length === 0
            ? "None recorded on the captures"
            : c.shipping.map((s) => [s.vendor, s.tracking].filter(Boolean).join(" · ")).join("; ")}
        </dd>
      </dl>
      <h3 className="mt-4 text-sm font-semibold">Refunds already made</h3>
      {c.refunds.length === 0 ? (
        <p className="text-sm text-slate-500">None.</p>
      ) : (
        <table className="mt-1 w-full text-sm" data-testid="refunds">
          <tbody>
            {c.refunds.map((r) => (
              <tr key={r.id} className="border-t border-slate-100">
                <td className="py-1.5 pr-3 font-mono text-xs">{r.id}</td>
                <td className="pr-3 text-right tabular-nums">{formatMoney(r.amount, r.currency)}</td>
                <td className="pr-3">
                  <StatusBadge status={r.status} />
                </td>
                <td className="text-slate-500">{formatDateTime(r.at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}
