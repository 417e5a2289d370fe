import Link from "next/link";
import { CustomerLink } from "@/components/records/customers/customer-link";
import type { TransactionDetail } from "@/lib/ledger/service";
import { PaymentLinks } from "@/components/records/payment-links";
import { getFormat, getTranslations } from "@/lib/platform/i18n/server";
import { MethodName } from "@/components/payments/format";
import { Card } from "@/components/ui/card";

const facts = "grid grid-cols-[11rem_1fr] gap-y-1.5 text-sm";
const Term = ({ children }: { children: React.ReactNode }) => <dt className="text-slate-600">{children}</dt>;

/** Who paid and how, and the charge's times: never a card number or CVV, only the masked pan. */
export async function TransactionDetails({ t }: { t: TransactionDetail }) {
  const [tr, f] = await Promise.all([getTranslations("transactions.details"), getFormat()]);
  const exchange = (
    t.payload as { exchange?: { amount?: number | null; currency?: string | null; rate?: number | null } | null }
  ).exchange;
  return (
    <>
      <section className="grid gap-4 md:grid-cols-2">
        <Card as="dl" className={facts} data-testid="customer">
          <Term>{tr("customer")}</Term>
          <dd>{t.customerName ?? "—"}</dd>
          <Term>{tr("customerEmail")}</Term>
          <dd className="break-all">
            {t.customerEmail ? (
              <a className="text-brand-700 hover:underline" href={`mailto:${t.customerEmail}`}>
                {t.customerEmail}
              </a>
            ) : (
              "—"
            )}
          </dd>
          <Term>{tr("consumerReference")}</Term>
          <dd>
            <CustomerLink reference={t.consumerReference} />
          </dd>
          <Term>{tr("method")}</Term>
          <dd>
            <MethodName method={t.method} />
            {t.paymentType && t.paymentType !== t.method ? ` · ${t.paymentType}` : ""}
          </dd>
          <Term>{tr("card")}</Term>
          <dd className="font-mono">{t.panMasked ?? "—"}</dd>
          <Term>{tr("cardholder")}</Term>
          <dd>{t.cardholderName ?? "—"}</dd>
          <Term>{tr("vaultToken")}</Term>
          <dd className="font-mono">
            {t.vaultToken ? (
              <Link className="text-brand-700 hover:underline" href={`/vault/${encodeURIComponent(t.vaultToken)}`}>
                {t.vaultToken}
              </Link>
            ) : (
              "—"
            )}
          </dd>
          <Term>{tr("country")}</Term>
          <dd>{t.country ?? "—"}</dd>
        </Card>
        <Card as="dl" className={facts}>
          <Term>{tr("created")}</Term>
          <dd>{f.dateTime(t.timeCreated)}</dd>
          <Term>{tr("captured")}</Term>
          <dd>{f.dateTime(t.timeCaptured)}</dd>
          <Term>{tr("canceled")}</Term>
          <dd>{f.dateTime(t.timeCanceled)}</dd>
          <Term>{tr("authorizationEnds")}</Term>
          <dd>{f.dateTime(t.expiry)}</dd>
          <Term>{tr("autoCapture")}</Term>
          <dd>{t.autoCapture === null ? "—" : t.autoCapture ? tr("yes") : tr("no")}</dd>
          <Term>{tr("inCny")}</Term>
          <dd>{t.cnyAmount === null ? "—" : f.money(t.cnyAmount, "CNY")}</dd>
          {t.type === "charge" && (
            <>
              <Term>{tr("installments")}</Term>
              <dd data-testid="installments-sent">
                {t.installments
                  ? [
                      (t.installments.quantity ?? t.installments.payment_number) !== undefined &&
                        tr("installmentsPlan", { count: t.installments.quantity ?? t.installments.payment_number! }),
                      t.installments.promo && tr("installmentsPromo", { codes: t.installments.promo.join(", ") }),
                      t.installments.id && tr("installmentsId", { id: t.installments.id }),
                    ]
                      .filter(Boolean)
                      .join(" · ")
                  : "—"}
              </dd>
            </>
          )}
          <Term>{tr("settlement")}</Term>
          <dd>
            {exchange?.amount != null && exchange.currency
              ? tr("settlementAt", { amount: f.money(exchange.amount, exchange.currency), rate: String(exchange.rate) })
              : "—"}
          </dd>
        </Card>
      </section>
      {t.paymentLinks.length > 0 && (
        <section className="rounded-xl border border-slate-200 bg-slate-50 p-4">
          <h2 className="font-semibold">{tr("paymentLinks")}</h2>
          <p className="text-sm text-slate-600">{tr("paymentLinksHelp")}</p>
          <PaymentLinks links={t.paymentLinks} />
        </section>
      )}
    </>
  );
}
