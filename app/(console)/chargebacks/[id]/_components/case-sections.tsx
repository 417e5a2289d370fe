import Link from "next/link";
import type { ChargebackCase } from "@/lib/chargebacks/case";
import { StatusBadge } from "@/components/records/ledger/status-badge";
import type { Format } from "@/lib/platform/i18n/format";
import type { getTranslations } from "@/lib/platform/i18n/server";
import { Card, CardTitle } from "@/components/ui/card";

type T = Awaited<ReturnType<typeof getTranslations<"chargebacks">>>;

export function Section({ title, testId, children }: { title: string; testId?: string; children: React.ReactNode }) {
  return (
    <Card data-testid={testId}>
      <CardTitle className="mb-2">{title}</CardTitle>
      {children}
    </Card>
  );
}

/** The disputed charge: amounts, how it was paid, who paid, shipping from its captures, its refunds. */
type Words = { t: T; f: Format; method: (method: string) => string };

export function ChargeFacts({ c, showCustomer, t, f, method }: { c: ChargebackCase; showCustomer: boolean } & Words) {
  const ch = c.charge;
  if (!ch)
    return (
      <Section title={t("charge.title")} testId="charge">
        <p className="text-sm text-slate-600">{t("charge.notInLedger", { id: c.chargeId ?? "" })}</p>
      </Section>
    );
  const who = [ch.customer.name, ch.customer.email].filter(Boolean).join(" · ");
  return (
    <Section title={t("charge.title")} testId="charge">
      <dl className="facts grid grid-cols-[11rem_1fr] gap-y-1.5 text-sm">
        <dt className="text-slate-500">{t("charge.amount")}</dt>
        <dd className="tabular-nums">
          {f.money(ch.amount, ch.currency)}
          {ch.amountCaptured !== null && t("charge.captured", { amount: f.money(ch.amountCaptured, ch.currency) })}
          {t("charge.refunded", { amount: f.money(c.refundedTotal, ch.currency) })}
        </dd>
        <dt className="text-slate-500">{t("charge.reference")}</dt>
        <dd>{ch.reference ?? "—"}</dd>
        <dt className="text-slate-500">{t("charge.paidWith")}</dt>
        <dd data-testid="paid-with">
          {[ch.method && method(ch.method), ch.paymentType].filter(Boolean).join(" · ") || "—"}
          {ch.panMasked && <span className="ml-2 font-mono">{ch.panMasked}</span>}
        </dd>
        <dt className="text-slate-500">{t("charge.customer")}</dt>
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
        <dt className="text-slate-500">{t("charge.created")}</dt>
        <dd>{f.dateTime(ch.timeCreated)}</dd>
        <dt className="text-slate-500">{t("charge.shipping")}</dt>
        <dd data-testid="shipping">
          {c.shipping.length === 0
            ? t("charge.shippingNone")
            : c.shipping.map((s) => [s.vendor, s.tracking].filter(Boolean).join(" · ")).join("; ")}
        </dd>
      </dl>
      <h3 className="mt-4 text-sm font-semibold">{t("charge.refundsMade")}</h3>
      {c.refunds.length === 0 ? (
        <p className="text-sm text-slate-500">{t("charge.none")}</p>
      ) : (
        <table className="mt-1 w-full text-sm" data-testid="refunds">
          <tbody>
            {c.refunds.map((r) => (
              <tr key={r.id} className="border-t border-slate-100">
                <td className="py-1.5 pr-3 font-mono text-xs">{r.id}</td>
                <td className="pr-3 text-right tabular-nums">{f.money(r.amount, r.currency)}</td>
                <td className="pr-3">
                  <StatusBadge status={r.status} />
                </td>
                <td className="text-slate-500">{f.dateTime(r.at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}
