"use client";

import { TextInput } from "@/components/form/inputs";
import { useKitForm } from "@/components/form/kit-form";
import { SettingsForm } from "./use-settings-save";
import { useTranslations } from "@/lib/platform/i18n/client";
import type { RetentionChange, RetentionValues } from "./retention-values";

/** How long the webhook inbox keeps notifications (enforced once a day, lib/webhooks/retention.ts). */
export function RetentionForm({ settledDays, refusedDays }: { settledDays: number; refusedDays: number }) {
  const t = useTranslations("settings");
  const form = useKitForm<RetentionValues, RetentionChange>({
    schema: () => import("./retention-schema").then((m) => m.retentionFormSchema),
    defaultValues: { webhookRetentionDays: String(settledDays), webhookRejectedRetentionDays: String(refusedDays) },
  });

  return (
    <SettingsForm section="retention" testId="retention" form={form} columns={2}>
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
    </SettingsForm>
  );
}
