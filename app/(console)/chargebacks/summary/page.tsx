import Link from "next/link";
import { requirePageUser } from "@/lib/platform/auth/session";
import type { Format } from "@/lib/platform/i18n/format";
import { getFormat, getTranslations, titled } from "@/lib/platform/i18n/server";
import { chargebackBreakdown, reportingMonths, type ChargebackBreakdown } from "@/lib/reports/chargebacks";
import { summaryQuery } from "@/lib/chargebacks/schemas";
import { ScrollCard } from "@/components/ui/scroll-card";
import { CardTitle } from "@/components/ui/card";
import { CardTable } from "@/components/ui/card-table";
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
const th = "py-1.5 pr-4 font-medium";

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
        <CardTable className="mt-2 w-full text-sm tabular-nums">
          <thead className="text-left text-xs uppercase tracking-wide text-slate-500">
            <tr>
              <th className={th}>{label}</th>
              <th className={`${th} text-right`}>{t("summary.cases")}</th>
              <th className={`${th} text-right`}>{t("summary.disputed")}</th>
              <th className={`${th} text-right`}>{t("summary.atRisk")}</th>
              <th className={`${th} text-right`}>{t("summary.won")}</th>
              <th className={`${th} text-right`}>{t("summary.lost")}</th>
              <th className={`${th} text-right`}>{t("summary.winRate")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={`${r.key}-${r.currency}`} className="border-t border-slate-100">
                <td className="py-1.5 pr-4">
                  {keyLabel(r.key)} <span className="text-xs text-slate-500">{r.currency}</span>
                </td>
                <td className="pr-4 text-right">{r.count}</td>
                <td className="pr-4 text-right">{f.money(r.amount, r.currency)}</td>
                <td className="pr-4 text-right">{f.money(r.atRisk, r.currency)}</td>
                <td className="pr-4 text-right">
                  {r.won} · {f.money(r.wonAmount, r.currency)}
                </td>
                <td className="pr-4 text-right">
                  {r.lost} · {f.money(r.lostAmount, r.currency)}
                </td>
                <td className="pr-4 text-right">{pct(f, r.winRate)}</td>
              </tr>
            ))}
          </tbody>
        </CardTable>
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
        <CardTable className="mt-2 w-full text-sm tabular-nums">
          <thead className="text-left text-xs uppercase tracking-wide text-slate-500">
            <tr>
              <th className={th}>{t("summary.month")}</th>
              <th className={th}>{t("summary.currency")}</th>
              <th className={`${th} text-right`}>{t("summary.charges")}</th>
              <th className={`${th} text-right`}>{t("summary.withChargeback")}</th>
              <th className={`${th} text-right`}>{t("summary.rate")}</th>
            </tr>
          </thead>
          <tbody>
            {s.rate.map((r) => (
              <tr key={`${r.month}-${r.currency}`} className="border-t border-slate-100">
                <td className="whitespace-nowrap py-1.5 pr-4">{f.month(r.month)}</td>
                <td className="pr-4">{r.currency}</td>
                <td className="pr-4 text-right">{r.charges}</td>
                <td className="pr-4 text-right">{r.chargebacks}</td>
                <td className="pr-4 text-right">{pct(f, r.rate)}</td>
              </tr>
            ))}
          </tbody>
        </CardTable>
      </ScrollCard>
    </div>
  );
}
