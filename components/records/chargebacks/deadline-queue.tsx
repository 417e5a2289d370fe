"use client";

import Link from "next/link";
import type { dueChargebacks } from "@/lib/chargebacks/queue";
import { DUE_SOON_DAYS } from "@/lib/chargebacks/deadline";
import { useFormat, useTranslations } from "@/lib/platform/i18n/client";
import { DeadlinePill, DeadlineRule } from "./deadline-pill";
import { Card, CardTitle } from "@/components/ui/card";
import { CardTable } from "@/components/ui/card-table";

/** The managers' home queue: cases past their respond-by date or due within three days. */
export function DeadlineQueue({ queue }: { queue: Awaited<ReturnType<typeof dueChargebacks>> }) {
  const t = useTranslations("chargebacks");
  const f = useFormat();
  const status = (s: string) => (t.has(`statuses.${s}` as "statuses.Won") ? t(`statuses.${s}` as "statuses.Won") : s);
  return (
    <Card padding={5} data-testid="chargeback-deadlines">
      <CardTitle>{t("queue.title")}</CardTitle>
      <p className="text-xs text-slate-500">
        {t("queue.summary", { days: DUE_SOON_DAYS, overdue: queue.overdue, soon: queue.total - queue.overdue })}{" "}
        <DeadlineRule />
      </p>
      {queue.cases.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t("queue.nothing")}</p>
      ) : (
        <div className="overflow-x-auto">
          <CardTable className="mt-3 w-full text-sm">
            <thead className="text-left text-slate-500">
              <tr>
                <th className="py-1 font-medium">{t("queue.case")}</th>
                <th className="font-medium">{t("queue.status")}</th>
                <th className="text-right font-medium">{t("queue.amount")}</th>
                <th className="pl-4 font-medium">{t("queue.respondBy")}</th>
                <th className="font-medium">{t("queue.owner")}</th>
              </tr>
            </thead>
            <tbody>
              {queue.cases.map((c) => (
                <tr key={c.id} className="border-t border-slate-100" data-testid="due-case">
                  <td className="py-1.5 pr-3">
                    <Link className="font-mono text-xs text-brand-600 hover:underline" href={c.href}>
                      {c.id}
                    </Link>
                    {c.untied && (
                      <span className="ml-2 text-xs font-medium text-amber-800" data-testid="untied">
                        {t("untied")}
                      </span>
                    )}
                  </td>
                  <td className="pr-3">{status(c.status)}</td>
                  <td className="whitespace-nowrap text-right tabular-nums">{f.money(c.amount, c.currency)}</td>
                  <td className="whitespace-nowrap pl-4 pr-3">
                    <DeadlinePill deadline={c} />{" "}
                    <span className="text-xs text-slate-500">{f.dateTime(c.respondBy)}</span>
                  </td>
                  <td>{c.owner ?? <span className="text-slate-500">{t("queue.nobody")}</span>}</td>
                </tr>
              ))}
            </tbody>
          </CardTable>
        </div>
      )}
    </Card>
  );
}
