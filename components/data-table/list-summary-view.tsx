"use client";

import type { Summary } from "@/lib/platform/api/list-summary";
import { useFormat, useTranslations } from "@/lib/platform/i18n/client";

/**
 * A list's count ("about N" for an estimate, "more than N" for a page that holds part of its set) and, for lists with money,
 * the amount per currency of the whole filtered set, saying what it sums (`basis`) — or why there is none. `noun` is the
 * caller's [one, many] in the person's language.
 */
export function ListSummary({
  summary,
  noun,
  money = false,
}: {
  summary: Summary | undefined;
  noun: [string, string];
  money?: boolean;
}) {
  const t = useTranslations("common");
  const f = useFormat();
  if (!summary)
    return (
      <span className="text-slate-500" data-testid="list-count">
        {t("summary.counting")}
      </span>
    );
  const { count, more, totals } = summary;
  const amounts = (list: { currency: string; amount: number }[]) =>
    list.map((x) => f.money(x.amount, x.currency)).join(" · ");
  return (
    <span className="flex flex-wrap items-baseline gap-x-3 gap-y-1" data-testid="list-summary">
      <span className="font-medium text-slate-800" data-testid="list-count">
        {summary.older
          ? t("summary.older", { count: f.number(count), noun: count === 1 ? noun[0] : noun[1] })
          : summary.estimate
            ? t("summary.about", { count: f.number(count), noun: count === 1 ? noun[0] : noun[1] })
            : more
              ? t("summary.moreThan", { count: f.number(count), noun: noun[1] })
              : t("summary.count", { count: f.number(count), noun: count === 1 ? noun[0] : noun[1] })}
      </span>
      {money &&
        !summary.older &&
        (totals ? (
          totals.length > 0 && (
            <>
              <span className="tabular-nums text-slate-600" data-testid="list-totals">
                {t(`summary.${summary.basis ?? "total"}`, { totals: amounts(totals) })}
              </span>
              {!!summary.authorized?.length && (
                <span className="tabular-nums text-slate-600" data-testid="list-authorized">
                  {t("summary.authorized", { totals: amounts(summary.authorized) })}
                </span>
              )}
            </>
          )
        ) : (
          <span className="text-slate-500" data-testid="list-totals">
            {summary.estimate
              ? t("summary.estimated")
              : t("summary.capped", { count: f.number(summary.cap ?? count), noun: noun[1] })}
          </span>
        ))}
    </span>
  );
}
