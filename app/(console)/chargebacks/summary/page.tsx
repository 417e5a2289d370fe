import Link from "next/link";
import { requirePageUser } from "@/lib/platform/auth/session";
import type { Format } from "@/lib/platform/i18n/format";
import { getFormat, getTranslations, titled } from "@/lib/platform/i18n/server";
import { chargebackBreakdown, reportingMonths, type ChargebackBreakdown } from "@/lib/reports/chargebacks";
import { summaryQuery } from "@/lib/chargebacks/schemas";
import { ScrollCard } from "@/components/ui/scroll-card";
import { CardTitle } from "@/components/ui/card";
import { StaticTable } from "@/components/data-table/static-table";
import type { PageSearch } from "@/lib/platform/api/list-state";
import { PageHeader } from "@/components/ui/page-header";

export const generateMetadata = titled("chargebacks", "summary.title");

type T = Awaited<ReturnType<typeof getTranslations<"chargebacks">>>;

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

const pct = (f: Format, r: number | null) => f.percent(r);

function Groups({
  title,
  label,
  rows,
  testId,
  t,
  f,
  keyLabel = (key) => key,
}: {
  title: string;
  label: string;
  rows: ChargebackBreakdown["byStatus"];
  testId: string;
  t: T;
  f: Format;
  keyLabel?: (key: string) => string;
}) {
  return (
    <ScrollCard label={title} data-testid={testId}>
      <CardTitle>{title}</CardTitle>
      {rows.length === 0 ? (
        <p className="mt-1 text-sm text-slate-500">{t("summary.noneOpened")}</p>
      ) : (
        <StaticTable
          rows={rows}
          rowKey={(r) => `${r.key}-${r.currency}`}
          columns={[
            {
              header: label,
              cell: (r) => (
                <>
                  {keyLabel(r.key)} <span className="text-xs text-slate-500">{r.currency}</span>
                </>
              ),
            },
            { header: t("summary.cases"), numeric: true, cell: (r) => r.count },
            { header: t("summary.disputed"), numeric: true, cell: (r) => f.money(r.amount, r.currency) },
            { header: t("summary.atRisk"), numeric: true, cell: (r) => f.money(r.atRisk, r.currency) },
            { header: t("summary.won"), numeric: true, cell: (r) => `${r.won} · ${f.money(r.wonAmount, r.currency)}` },
            {
              header: t("summary.lost"),
              numeric: true,
              cell: (r) => `${r.lost} · ${f.money(r.lostAmount, r.currency)}`,
            },
            { header: t("summary.winRate"), numeric: true, cell: (r) => pct(f, r.winRate) },
          ]}
        />
      )}
    </ScrollCard>
  );
}

export default async function ChargebackSummaryPage({ searchParams }: PageSearch) {
  await requirePageUser("chargebacks.read");
  const s = await chargebackBreakdown(await reportingMonths(summaryQuery.safeParse(await searchParams).data ?? {}));
  const [t, f] = await Promise.all([getTranslations("chargebacks"), getFormat()]);
  const zone = s.range.timeZone ?? "UTC";
  const status = (k: string) => (t.has(`statuses.${k}` as "statuses.Won") ? t(`statuses.${k}` as "statuses.Won") : k);
  const reason = (k: string) => (k === "not given" ? t("summary.notGiven") : k);
  const common = { t, f };
  return (
    <div className="max-w-6xl space-y-5">
      <PageHeader
        back={{ href: "/chargebacks", label: t("case.back") }}
        title={t("summary.title")}
        line={{ testId: "summary-zone" }}
      >
        {zone === "UTC"
          ? t("summary.intro", { from: f.month(s.range.from), to: f.month(s.range.to) })
          : t("summary.introZone", { from: f.month(s.range.from), to: f.month(s.range.to), timeZone: zone })}
      </PageHeader>
      <form className="flex flex-wrap items-end gap-3" method="get">
        <MonthInput label={t("summary.fromMonth")} name="from" value={s.range.from} />
        <MonthInput label={t("summary.toMonth")} name="to" value={s.range.to} />
        <button
          type="submit"
          className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-50"
        >
          {t("summary.show")}
        </button>
      </form>
      <Groups
        title={t("summary.byStatus")}
        label={t("summary.status")}
        rows={s.byStatus}
        testId="by-status"
        keyLabel={status}
        {...common}
      />
      <Groups
        title={t("summary.byReason")}
        label={t("summary.reason")}
        rows={s.byReason}
        testId="by-reason"
        keyLabel={reason}
        {...common}
      />
      <Groups
        title={t("summary.byMonth")}
        label={t("summary.month")}
        rows={s.byMonth}
        testId="by-month"
        keyLabel={f.month}
        {...common}
      />
      <ScrollCard label={t("summary.rateTitle")} data-testid="rate">
        <CardTitle>{t("summary.rateTitle")}</CardTitle>
        <p className="text-xs text-slate-500">
          {t.rich("summary.rateBody", {
            link: (chunks) => (
              <Link className="text-brand-600 underline" href="/reports">
                {chunks}
              </Link>
            ),
          })}
        </p>
        <StaticTable
          rows={s.rate}
          rowKey={(r) => `${r.month}-${r.currency}`}
          columns={[
            { header: t("summary.month"), className: "whitespace-nowrap", cell: (r) => f.month(r.month) },
            { header: t("summary.currency"), cell: (r) => r.currency },
            { header: t("summary.charges"), numeric: true, cell: (r) => r.charges },
            { header: t("summary.withChargeback"), numeric: true, cell: (r) => r.chargebacks },
            { header: t("summary.rate"), numeric: true, cell: (r) => pct(f, r.rate) },
          ]}
        />
      </ScrollCard>
    </div>
  );
}
