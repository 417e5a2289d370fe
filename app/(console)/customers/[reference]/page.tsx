import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { requirePageUser } from "@/lib/platform/auth/session";
import { NotFound } from "@/lib/platform/errors";
import { getCustomer } from "@/lib/customers/view";
import { customerParams } from "@/lib/customers/schemas";
import { CustomerRecords } from "./_components/customer-records";
import { getFormat, getTranslations } from "@/lib/platform/i18n/server";
import { numberLocale } from "@/lib/platform/i18n/format";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("customers");
  return { title: t("page.metaTitle") };
}

export default async function CustomerPage({ params }: { params: Promise<{ reference: string }> }) {
  const user = await requirePageUser("transactions.read");
  const [t, f] = await Promise.all([getTranslations("customers.page"), getFormat()]);
  // Two decimals below 10 %, one above: "0.00 %", "12.5 %" (the person's decimal mark).
  const pct = (r: number | null) => {
    if (r === null) return "—";
    const digits = r < 0.1 ? 2 : 1;
    const n = new Intl.NumberFormat(numberLocale(f.locale), {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(r * 100);
    return t("ratio", { value: n });
  };
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
          {t("back")}
        </Link>
        <h1 className="mt-1 text-2xl font-semibold">
          {t("heading")} <span className="font-mono text-xl">{c.reference}</span>
        </h1>
        <p className="mt-1 text-slate-600">{t("description")}</p>
      </div>

      <section className="grid gap-3 sm:grid-cols-3" data-testid="customer-summary">
        <div className="rounded-xl border border-slate-200 bg-white p-4">
          <div className="text-xs font-medium uppercase tracking-wide text-slate-500">{t("charges")}</div>
          <div className="mt-1 text-lg font-semibold tabular-nums" data-testid="charge-count">
            {f.number(c.chargeCount)}
          </div>
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-4">
          <div className="text-xs font-medium uppercase tracking-wide text-slate-500">{t("chargebacks")}</div>
          <div className="mt-1 text-lg font-semibold tabular-nums">
            {c.chargebacks === null ? "—" : f.number(c.chargebackCount)}
          </div>
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-4">
          <div className="text-xs font-medium uppercase tracking-wide text-slate-500">{t("ratioTitle")}</div>
          <div className="mt-1 text-lg font-semibold tabular-nums" data-testid="chargeback-ratio">
            {pct(c.chargebackRatio)}
          </div>
        </div>
      </section>

      <section className="overflow-x-auto rounded-xl border border-slate-200 bg-white p-4">
        <h2 className="font-semibold">{t("totals")}</h2>
        <table className="mt-2 w-full text-sm" data-testid="totals">
          <thead className="text-left text-xs uppercase tracking-wide text-slate-500">
            <tr>
              <th className="py-1.5 pr-4 font-medium">{t("currency")}</th>
              <th className="pr-4 text-right font-medium">{t("charges")}</th>
              <th className="pr-4 text-right font-medium">{t("captured")}</th>
              <th className="pr-4 text-right font-medium">{t("refunded")}</th>
              <th className="pr-4 text-right font-medium">{t("disputed")}</th>
              <th className="text-right font-medium">{t("net")}</th>
            </tr>
          </thead>
          <tbody>
            {c.byCurrency.map((row) => (
              <tr
                key={row.currency}
                className="border-t border-slate-100 tabular-nums"
                data-testid={`total-${row.currency}`}
              >
                <td className="py-1.5 pr-4">{row.currency}</td>
                <td className="pr-4 text-right">{f.number(row.charges)}</td>
                <td className="pr-4 text-right" data-testid="captured">
                  {f.money(row.captured, row.currency)}
                </td>
                <td className="pr-4 text-right" data-testid="refunded">
                  {f.money(row.refunded, row.currency)}
                </td>
                <td className="pr-4 text-right">{f.money(row.disputed, row.currency)}</td>
                <td className="text-right font-medium" data-testid="net">
                  {f.money(row.net, row.currency)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-2 text-xs text-slate-500">{t("netHelp")}</p>
      </section>

      <CustomerRecords c={c} />
    </div>
  );
}
