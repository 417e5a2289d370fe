import { notFound } from "next/navigation";
import { StaticTable } from "@/components/data-table/static-table";
import { requirePageUser } from "@/lib/platform/auth/session";
import { NotFound } from "@/lib/platform/errors";
import { getCustomer, SHOWN } from "@/lib/customers/view";
import { customerParams } from "@/lib/customers/schemas";
import { CustomerRecords } from "./_components/customer-records";
import { getFormat, getTranslations, titled } from "@/lib/platform/i18n/server";
import { ScrollCard } from "@/components/ui/scroll-card";
import { CardTitle, StatCard } from "@/components/ui/card";
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
        <StaticTable
          testId="totals"
          rows={c.byCurrency}
          rowKey={(row) => row.currency}
          rowProps={(row) => ({ "data-testid": `total-${row.currency}` })}
          columns={[
            { header: t("currency"), cell: (row) => row.currency },
            { header: t("charges"), numeric: true, cell: (row) => f.number(row.charges) },
            {
              header: t("captured"),
              numeric: true,
              testId: "captured",
              cell: (row) => f.money(row.captured, row.currency),
            },
            {
              header: t("refunded"),
              numeric: true,
              testId: "refunded",
              cell: (row) => f.money(row.refunded, row.currency),
            },
            { header: t("disputed"), numeric: true, cell: (row) => f.money(row.disputed, row.currency) },
            {
              header: t("net"),
              numeric: true,
              testId: "net",
              className: "font-medium",
              cell: (row) => f.money(row.net, row.currency),
            },
          ]}
        />
        <p className="mt-2 text-xs text-slate-500">{t("netHelp")}</p>
      </ScrollCard>

      <CustomerRecords c={c} />
    </div>
  );
}
