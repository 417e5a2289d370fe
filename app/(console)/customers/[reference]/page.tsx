import { notFound } from "next/navigation";
import { requirePageUser } from "@/lib/platform/auth/session";
import { NotFound } from "@/lib/platform/errors";
import { getCustomer, SHOWN } from "@/lib/customers/view";
import { customerParams } from "@/lib/customers/schemas";
import { CustomerRecords } from "./_components/customer-records";
import { getFormat, getTranslations, titled } from "@/lib/platform/i18n/server";
import { ScrollCard } from "@/components/ui/scroll-card";
import { CardTitle, StatCard } from "@/components/ui/card";
import { CardTable } from "@/components/ui/card-table";
import { PageHeader } from "@/components/ui/page-header";

export const generateMetadata = titled("customers", "page.metaTitle");

export default async function CustomerPage({ params }: { params: Promise<{ reference: string }> }) {
  const user = await requirePageUser("transactions.read");
  const [t, f] = await Promise.all([getTranslations("customers.page"), getFormat()]);
  // Every ratio of the console one way (lib/platform/i18n/format.ts): "0.00%", "12.5%".
  const pct = (r: number | null) => (r === null ? "—" : f.percent(r));
  const parsed = customerParams.safeParse(await params);
  if (!parsed.success) notFound();
  const c = await getCustomer(parsed.data.reference, user, SHOWN).catch((error) => {
    if (error instanceof NotFound) notFound();
    throw error;
  });

  return (
    <div className="max-w-6xl space-y-5">
      <PageHeader
        back={{ href: "/customers", label: t("back") }}
        title={
          <>
            {t("heading")} <span className="font-mono text-xl">{c.reference}</span>
          </>
        }
      >
        {t("description")}
      </PageHeader>

      <section className="grid gap-3 sm:grid-cols-3" data-testid="customer-summary">
        <StatCard label={t("charges")} value={f.number(c.chargeCount)} valueTestId="charge-count" />
        <StatCard label={t("chargebacks")} value={c.chargebacks === null ? "—" : f.number(c.chargebackCount)} />
        <StatCard label={t("ratioTitle")} value={pct(c.chargebackRatio)} valueTestId="chargeback-ratio" />
      </section>

      <ScrollCard label={t("totals")}>
        <CardTitle>{t("totals")}</CardTitle>
        <CardTable className="mt-2 w-full text-sm" data-testid="totals">
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
        </CardTable>
        <p className="mt-2 text-xs text-slate-500">{t("netHelp")}</p>
      </ScrollCard>

      <CustomerRecords c={c} />
    </div>
  );
}
