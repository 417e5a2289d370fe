"use client";

import type { Settings } from "@/lib/platform/settings/schema";
import { TextInput } from "@/components/form/field";
import { KitForm, useKitForm } from "@/components/form/kit-form";
import { SettingsFooter, useSettingsSave } from "./use-settings-save";
import { useTranslations } from "@/lib/platform/i18n/client";

export type RetentionValues = { webhookRetentionDays: string; webhookRejectedRetentionDays: string };
type RetentionChange = Pick<Settings, "webhookRetentionDays" | "webhookRejectedRetentionDays">;

/** How long the webhook inbox keeps notifications (enforced once a day, lib/webhooks/retention.ts). */
export function RetentionForm({ settledDays, refusedDays }: { settledDays: number; refusedDays: number }) {
  const t = useTranslations("settings");
  const form = useKitForm<RetentionValues, RetentionChange>({
    schema: () => import("./retention-schema").then((m) => m.retentionFormSchema),
    defaultValues: { webhookRetentionDays: String(settledDays), webhookRejectedRetentionDays: String(refusedDays) },
  });
  const { onValid, pending, message, dialog } = useSettingsSave(form, t("retention.saved"));

  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 className="font-semibold">{t("retention.title")}</h2>
      <p className="text-sm text-slate-600">{t("retention.intro")}</p>
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
    </section>
  );
}
