"use client";

import { TextInput } from "@/components/form/inputs";
import { useKitForm } from "@/components/form/kit-form";
import { SettingsForm } from "./use-settings-save";
import { useTranslations } from "@/lib/platform/i18n/client";
import type { ReconciliationChange, ReconciliationValues } from "./reconciliation-schema";

/** How far back the daily reconciliation looks, and how fast it asks the payment service. */
export function ReconciliationForm({ days, rate }: { days: number; rate: number }) {
  const t = useTranslations("settings");
  const form = useKitForm<ReconciliationValues, ReconciliationChange>({
    schema: () => import("./reconciliation-schema").then((m) => m.reconciliationFormSchema),
    defaultValues: { reconciliationDays: String(days), reconciliationRatePerSecond: String(rate) },
  });
  return (
    <SettingsForm section="reconciliation" testId="reconciliation" form={form} columns={4}>
      <TextInput
        name="reconciliationDays"
        id="reconciliation-days"
        label={t("reconciliation.days")}
        inputMode="numeric"
      />
      <TextInput
        name="reconciliationRatePerSecond"
        id="reconciliation-rate"
        label={t("reconciliation.rate")}
        inputMode="numeric"
      />
    </SettingsForm>
  );
}
