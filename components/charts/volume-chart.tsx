"use client";

import { useState } from "react";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { TOOLTIP } from "./chart-style";
import { currencyDigits } from "@/lib/platform/money";
import { useFormat, useTranslations } from "@/lib/platform/i18n/client";
import { intlLocale } from "@/lib/platform/i18n/format";
import { CardTable } from "@/components/ui/card-table";

type Point = { day: string; currency: string; gross: number; refunds: number };

const SWATCH: Record<string, string> = { gross: "bg-blue-600", refunds: "bg-amber-500" };

/** Recharts' own legend labels each swatch "<name> legend icon", in English, whatever the reader's language. */
function LegendList({ payload }: { payload?: readonly { value?: unknown; dataKey?: unknown }[] }) {
  return (
    <ul className="flex justify-center gap-4 text-xs text-slate-600">
      {(payload ?? []).map((p) => (
        <li key={String(p.dataKey)} className="flex items-center gap-1.5">
          <span aria-hidden className={`inline-block size-2.5 rounded-sm ${SWATCH[String(p.dataKey)] ?? ""}`} />
          {String(p.value ?? "")}
        </li>
      ))}
    </ul>
  );
}

/**
 * Volume and refunds per day for one currency at a time, with the same numbers as a table. The
 * days (YYYY-MM-DD) are the merchant's reporting zone's calendar days: named as days, not instants.
 */
export function VolumeChart({ points, days }: { points: Point[]; days: string[] }) {
  const t = useTranslations("overview");
  const f = useFormat();
  const dayMonth = new Intl.DateTimeFormat(intlLocale(f.locale), { day: "numeric", month: "short", timeZone: "UTC" });
  const axisDay = (day: string) => dayMonth.format(new Date(`${day}T12:00:00Z`));
  const currencies = [...new Set(points.map((p) => p.currency))];
  const [currency, setCurrency] = useState(currencies[0] ?? "USD");
  const scale = 10 ** currencyDigits(currency);
  const data = days.map((day) => {
    const p = points.find((x) => x.day === day && x.currency === currency);
    return { day: axisDay(day), gross: (p?.gross ?? 0) / scale, refunds: (p?.refunds ?? 0) / scale };
  });
  if (currencies.length === 0)
    return <p className="text-sm text-slate-500">{t("chart.noPayments", { days: days.length })}</p>;
  return (
    <div>
      <label className="text-sm text-slate-600">
        {t("chart.currency")}{" "}
        <select
          value={currency}
          onChange={(e) => setCurrency(e.target.value)}
          className="ml-1 rounded-md border border-slate-300 px-2 py-1 text-sm"
        >
          {currencies.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </label>
      <div className="mt-2 h-64" role="img" aria-label={t("chart.label", { currency, days: days.length })}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="var(--color-slate-200)" />
            <XAxis dataKey="day" tick={{ fontSize: 11, fill: "var(--color-slate-600)" }} interval="preserveStartEnd" />
            <YAxis tick={{ fontSize: 11, fill: "var(--color-slate-600)" }} width={64} />
            <Tooltip contentStyle={TOOLTIP} formatter={(v) => f.money(Math.round(Number(v) * scale), currency)} />
            <Legend content={<LegendList />} />
            <Bar dataKey="gross" name={t("chart.captured")} fill="var(--color-blue-600)" isAnimationActive={false} />
            <Bar dataKey="refunds" name={t("chart.refunded")} fill="var(--color-amber-500)" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-brand-600">{t("chart.asTable")}</summary>
        <CardTable className="mt-2 w-full tabular-nums" data-testid="volume-table">
          <thead className="text-left text-slate-500">
            <tr>
              <th className="font-medium">{t("chart.day")}</th>
              <th className="text-right font-medium">{t("chart.captured")}</th>
              <th className="text-right font-medium">{t("chart.refunded")}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => {
              const p = points.find((x) => x.day === day && x.currency === currency);
              return (
                <tr key={day} className="border-t border-slate-100">
                  <td>{f.day(day)}</td>
                  <td className="text-right">{f.money(p?.gross ?? 0, currency)}</td>
                  <td className="text-right">{f.money(p?.refunds ?? 0, currency)}</td>
                </tr>
              );
            })}
          </tbody>
        </CardTable>
      </details>
    </div>
  );
}
