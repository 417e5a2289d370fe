"use client";

import { TextInput } from "@/components/form/inputs";
import { KitForm, useKitForm } from "@/components/form/kit-form";
import { SettingsFooter, useSettingsSave } from "./use-settings-save";
import { useTranslations } from "@/lib/platform/i18n/client";
import { Card, CardIntro, CardTitle } from "@/components/ui/card";
import type { RetentionChange, RetentionValues } from "./retention-values";

/** How long the webhook inbox keeps notifications (enforced once a day, lib/webhooks/retention.ts). */
export function RetentionForm({ settledDays, refusedDays }: { settledDays: number; refusedDays: number }) {
  const t = useTranslations("settings");
  const form = useKitForm<RetentionValues, RetentionChange>({
    schema: () => import("./retention-schema").then((m) => m.retentionFormSchema),
    defaultValues: { webhookRetentionDays: String(settledDays), webhookRejectedRetentionDays: String(refusedDays) },
  });
  const { onValid, pending, message, dialog } = useSettingsSave(form, t("retention.saved"));

  return (
    <Card padding={5}>
      <CardTitle>{t("retention.title")}</CardTitle>
      <CardIntro>{t("retention.intro")}</CardIntro>
      <KitForm form={form} onValid={onValid} className="mt-4 grid gap-4 sm:grid-cols-2" data-testid="retention-form">
        <TextInput
          name="webhookRetentionDays"
          id="retention-settled"
          label={t("retention.settled")}
          inputMode="numeric"
        />
        <TextInput
          name="webhookRejectedRetentionDays"
          id="retention-refused"
          label={t("retention.refused")}
          inputMode="numeric"
        />
        <SettingsFooter
          message={message}
          pending={pending}
          label={t("retention.save")}
          testId="retention-message"
          className="sm:col-span-2"
        />
      </KitForm>
      {dialog}
    </Card>
  );
}
