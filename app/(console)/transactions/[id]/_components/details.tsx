import Link from "next/link";
import { CustomerLink } from "@/components/customers/customer-link";
import type { TransactionDetail } from "@/lib/ledger/service";
import { formatMoney } from "@/lib/money";
import { formatDateTime } from "@/lib/format";
import { PaymentLinks } from "@/components/payment-links";

const box = "grid grid-cols-[11rem_1fr] gap-y-1.5 rounded-xl border border-slate-200 bg-white p-4 text-sm";
const Term = ({ children }: { children: React.ReactNode }) => <dt className="text-slate-600">{children}</dt>;

/** Who paid and how, and the charge's times: never a card number or CVV, only the masked pan. */
export function TransactionDetails({ t }: { t: TransactionDetail }) {
  const exchange = (
    t.payload as { exchange?: { amount?: number | null; currency?: string | null; rate?: number | null } | null }
  ).exchange;
  return (
    <>
      <section className="grid gap-4 md:grid-cols-2">
        <dl className={box} data-testid="customer">
          <Term>Customer</Term>
          <dd>{t.customerName ?? "—"}</dd>
          <Term>Customer email</Term>
          <dd className="break-all">
            {t.customerEmail ? (
              <a className="text-brand-700 hover:underline" href={`mailto:${t.customerEmail}`}>
                {t.customerEmail}
              </a>
            ) : (
              "—"
            )}
          </dd>
          <Term>Consumer reference</Term>
          <dd>
            <CustomerLink reference={t.consumerReference} />
          </dd>
          <Term>Method</Term>
          <dd>
            {t.method ?? "—"}
            {t.paymentType && t.paymentType !== t.method ? ` · ${t.paymentType}` : ""}
          </dd>
          <Term>Card</Term>
          <dd className="font-mono">{t.panMasked ?? "—"}</dd>
          <Term>Cardholder</Term>
          <dd>{t.cardholderName ?? "—"}</dd>
          <Term>Vault token</Term>
          <dd className="font-mono">
            {t.vaultToken ? (
              <Link className="text-brand-700 hover:underline" href={`/vault/${encodeURIComponent(t.vaultToken)}`}>
                {t.vaultToken}
              </Link>
            ) : (
              "—"
            )}
          </dd>
          <Term>Country</Term>
          <dd>{t.country ?? "—"}</dd>
        </dl>
        <dl className={box}>
          <Term>Created</Term>
          <dd>{formatDateTime(t.timeCreated)}</dd>
          <Term>Captured</Term>
          <dd>{formatDateTime(t.timeCaptured)}</dd>
          <Term>Canceled</Term>
          <dd>{formatDateTime(t.timeCanceled)}</dd>
          <Term>Authorization ends</Term>
          <dd>{formatDateTime(t.expiry)}</dd>
          <Term>Auto-capture</Term>
          <dd>{t.autoCapture === null ? "—" : t.autoCapture ? "yes" : "no"}</dd>
          <Term>In CNY</Term>
          <dd>{t.cnyAmount === null ? "—" : formatMoney(t.cnyAmount, "CNY")}</dd>
          <Term>Settlement</Term>
          <dd>
            {exchange?.amount != null && exchange.currency
              ? `${formatMoney(exchange.amount, exchange.currency)} at ${exchange.rate}`
              : "—"}
          </dd>
        </dl>
      </section>
      {t.paymentLinks.length > 0 && (
        <section className="rounded-xl border border-slate-200 bg-slate-50 p-4">
          <h2 className="font-semibold">Payment links</h2>
          <p className="text-sm text-slate-600">
            Where the customer pays this charge: send a link or show the QR code. They stay valid until the customer
            completes or abandons the payment.
          </p>
          <PaymentLinks links={t.paymentLinks} />
        </section>
      )}
    </>
  );
}
