"use client";

import { TextInput } from "@/components/form/inputs";
import { KitForm, useKitForm } from "@/components/form/kit-form";
import { SettingsFooter, useSettingsSave } from "./use-settings-save";
import { useTranslations } from "@/lib/platform/i18n/client";
import { Card, CardIntro, CardTitle } from "@/components/ui/card";
import type { ReconciliationChange, ReconciliationValues } from "./reconciliation-schema";

/** How far back the daily reconciliation looks, and how fast it asks the payment service. */
export function ReconciliationForm({ days, rate }: { days: number; rate: number }) {
  const t = useTranslations("settings");
  const form = useKitForm<ReconciliationValues, ReconciliationChange>({
    schema: () => import("./reconciliation-schema").then((m) => m.reconciliationFormSchema),
    defaultValues: { reconciliationDays: String(days), reconciliationRatePerSecond: String(rate) },
  });
  const { onValid, pending, message, dialog } = useSettingsSave(form, t("reconciliation.saved"));
  return (
    <Card padding={5}>
      <CardTitle>{t("reconciliation.title")}</CardTitle>
      <CardIntro>{t("reconciliation.intro")}</CardIntro>
      <KitForm
        form={form}
        onValid={onValid}
        className="mt-4 grid gap-4 sm:grid-cols-4"
        data-testid="reconciliation-form"
      >
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
        <SettingsFooter
          message={message}
          pending={pending}
          label={t("reconciliation.save")}
          testId="reconciliation-message"
          className="sm:col-span-4"
        />
      </KitForm>
      {dialog}
    </Card>
  );
}
