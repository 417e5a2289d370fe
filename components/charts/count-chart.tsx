"use client";

import { useTranslations } from "@/lib/platform/i18n/client";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { TOOLTIP } from "./chart-style";

/** Counts by label as horizontal bars, with a table fallback for screen readers and copying. */
export function CountChart({ title, data }: { title: string; data: { label: string; value: number }[] }) {
  const t = useTranslations("common");
  if (data.length === 0) return <p className="text-sm text-slate-500">{t("charts.nothingYet")}</p>;
  return (
    <div>
      <div className="h-48" role="img" aria-label={`${title}: ${data.map((d) => `${d.label} ${d.value}`).join(", ")}`}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} layout="vertical" margin={{ top: 4, right: 16, bottom: 4, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="var(--color-slate-200)" />
            <XAxis type="number" allowDecimals={false} tick={{ fontSize: 11, fill: "var(--color-slate-600)" }} />
            <YAxis
              type="category"
              dataKey="label"
              width={150}
              tick={{ fontSize: 11, fill: "var(--color-slate-600)" }}
            />
            <Tooltip contentStyle={TOOLTIP} />
            <Bar dataKey="value" name={t("charts.count")} fill="var(--color-blue-600)" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer text-brand-600">{t("charts.asTable")}</summary>
        <table className="mt-1 tabular-nums">
          <tbody>
            {data.map((d) => (
              <tr key={d.label}>
                <td className="pr-4">{d.label}</td>
                <td className="text-right">{d.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}
