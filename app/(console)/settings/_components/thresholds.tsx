"use client";

import { toMajorString } from "@/lib/platform/money";
import { MoneyInput } from "@/components/form/money-input";
import { useTranslations } from "@/lib/platform/i18n/client";

const COMMON = ["USD", "EUR", "GBP", "HKD", "CNY", "JPY", "KRW"];

/** The currencies a threshold form shows (the common ones and any set), each threshold as typed in its major unit. */
export function thresholdDefaults(thresholds: Record<string, number>): Record<string, string> {
  const currencies = [...new Set([...COMMON, ...Object.keys(thresholds)])];
  return Object.fromEntries(
    currencies.map((c) => [c, thresholds[c] !== undefined ? toMajorString(thresholds[c], c) : ""]),
  );
}

/** A money field per currency, "above" in the reader's words: `name.CUR`, ids `idPrefix-CUR`. */
export function ThresholdInputs({
  name,
  idPrefix,
  currencies,
}: {
  name: string;
  idPrefix: string;
  currencies: string[];
}) {
  const t = useTranslations("settings");
  return currencies.map((c) => (
    <MoneyInput
      key={c}
      name={`${name}.${c}`}
      id={`${idPrefix}-${c}`}
      label={t("approval.above", { currency: c })}
      currency={c}
      allowZero
    />
  ));
}
