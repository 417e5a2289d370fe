"use client";

import type { MouseEvent } from "react";
import { Card, CardTitle, StatCard } from "@/components/ui/card";
import type { ChargebackSummary } from "@/lib/chargebacks/query";
import { useFormat, useTranslations } from "@/lib/platform/i18n/client";
import { statusLabel } from "./chargeback-columns";

/**
 * The head of the chargebacks list: at risk, won and lost, the win rate, and the amount by status
 * and currency, of every case whatever the filter. A status opens the list filtered to it, in
 * place (a real link still: a new tab or a copied address work).
 */
export function ChargebackSummaryCards({
  summary,
  hrefOf,
  onStatus,
}: {
  summary: ChargebackSummary;
  hrefOf: (status: string) => string;
  onStatus: (status: string) => void;
}) {
  const t = useTranslations("chargebacks");
  const f = useFormat();
  const risk: Record<string, number> = {};
  for (const s of summary.byStatus.filter((s) => s.atRisk)) risk[s.currency] = (risk[s.currency] ?? 0) + s.amount;
  const riskByCurrency = Object.entries(risk);
  const follow = (status: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onStatus(status);
  };
  return (
    <>
      <section className="grid gap-3 sm:grid-cols-3" data-testid="chargeback-summary">
        <StatCard
          label={t("atRisk")}
          value={riskByCurrency.length ? riskByCurrency.map(([c, a]) => f.money(a, c)).join(" · ") : "—"}
        />
        <StatCard label={t("wonLost")} value={t("wonLostValue", { won: summary.won, lost: summary.lost })} />
        <StatCard
          label={t("winRate")}
          value={summary.winRate === null ? "—" : t("percent", { value: Math.round(summary.winRate * 100) })}
        />
      </section>

      {summary.byStatus.length > 0 && (
        <Card>
          <CardTitle>{t("byStatusCurrency")}</CardTitle>
          <table className="mt-2 text-sm" data-testid="by-status">
            <tbody>
              {summary.byStatus.map((s) => (
                <tr key={`${s.status}-${s.currency}`} className="border-t border-slate-100">
                  <td className="py-1.5 pr-6">
                    <a href={hrefOf(s.status)} onClick={follow(s.status)} className="hover:underline">
                      {statusLabel(t, s.status)}
                    </a>
                  </td>
                  <td className="pr-6 text-right tabular-nums">{s.count}</td>
                  <td className="text-right tabular-nums">{f.money(s.amount, s.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
    </>
  );
}
