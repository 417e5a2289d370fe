"use client";

import { toMajorString } from "@/lib/platform/money";
import { TextInput } from "@/components/form/inputs";
import { useKitForm } from "@/components/form/kit-form";
import { MoneyInput } from "@/components/form/money-input";
import { SettingsForm } from "./use-settings-save";
import { useTranslations } from "@/lib/platform/i18n/client";
import type { BatchChange, BatchValues } from "./batch-values";

const COMMON = ["USD", "EUR", "GBP", "HKD", "CNY", "JPY", "KRW"];

/** When a refund batch as a whole needs a manager, and how fast a batch sends. */
export function BatchForm({ thresholds, rate }: { thresholds: Record<string, number>; rate: number }) {
  const t = useTranslations("settings");
  const currencies = [...new Set([...COMMON, ...Object.keys(thresholds)])];
  const form = useKitForm<BatchValues, BatchChange>({
    schema: () => import("./batch-schema").then((m) => m.batchFormSchema),
    defaultValues: {
      refundBatchThresholds: Object.fromEntries(
        currencies.map((c) => [c, thresholds[c] !== undefined ? toMajorString(thresholds[c], c) : ""]),
      ),
      refundBatchRatePerSecond: String(rate),
    },
  });
  // Raising a threshold is a loosening: it needs a fresh code, then a second admin.
  return (
    <SettingsForm section="batch" testId="batch" form={form} columns={4}>
      {currencies.map((c) => (
        <MoneyInput
          key={c}
          name={`refundBatchThresholds.${c}`}
          id={`batch-threshold-${c}`}
          label={t("approval.above", { currency: c })}
          currency={c}
          allowZero
        />
      ))}
      <TextInput name="refundBatchRatePerSecond" id="batch-rate" label={t("batch.rate")} inputMode="numeric" />
    </SettingsForm>
  );
}
