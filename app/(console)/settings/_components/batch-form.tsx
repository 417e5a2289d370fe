"use client";

import { TextInput } from "@/components/form/inputs";
import { useKitForm } from "@/components/form/kit-form";
import { SettingsForm } from "./use-settings-save";
import { useTranslations } from "@/lib/platform/i18n/client";
import type { BatchChange, BatchValues } from "./batch-schema";
import { ThresholdInputs, thresholdDefaults } from "./thresholds";

/** When a refund batch as a whole needs a manager, and how fast a batch sends. */
export function BatchForm({ thresholds, rate }: { thresholds: Record<string, number>; rate: number }) {
  const t = useTranslations("settings");
  const typed = thresholdDefaults(thresholds);
  const form = useKitForm<BatchValues, BatchChange>({
    schema: () => import("./batch-schema").then((m) => m.batchFormSchema),
    defaultValues: {
      refundBatchThresholds: typed,
      refundBatchRatePerSecond: String(rate),
    },
  });
  // Raising a threshold is a loosening: it needs a fresh code, then a second admin.
  return (
    <SettingsForm section="batch" testId="batch" form={form} columns={4}>
      <ThresholdInputs name="refundBatchThresholds" idPrefix="batch-threshold" currencies={Object.keys(typed)} />
      <TextInput name="refundBatchRatePerSecond" id="batch-rate" label={t("batch.rate")} inputMode="numeric" />
    </SettingsForm>
  );
}
