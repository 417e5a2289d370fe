"use client";

import { toMajorString } from "@/lib/platform/money";
import { TextInput } from "@/components/form/inputs";
import { KitForm, useKitForm } from "@/components/form/kit-form";
import { MoneyInput } from "@/components/form/money-input";
import { SettingsFooter, useSettingsSave } from "./use-settings-save";
import { useTranslations } from "@/lib/platform/i18n/client";
import { Card, CardIntro, CardTitle } from "@/components/ui/card";
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
  const { onValid, pending, message, dialog } = useSettingsSave(form, t("batch.saved"));
  return (
    <Card padding={5}>
      <CardTitle>{t("batch.title")}</CardTitle>
      <CardIntro>{t("batch.intro")}</CardIntro>
      <KitForm form={form} onValid={onValid} className="mt-4 grid gap-4 sm:grid-cols-4" data-testid="batch-form">
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
        <SettingsFooter
          message={message}
          pending={pending}
          label={t("batch.save")}
          testId="batch-message"
          className="sm:col-span-4"
        />
      </KitForm>
      {dialog}
    </Card>
  );
}
