"use client";

import type { Settings } from "@/lib/settings/schema";
import { TextInput } from "@/components/form/field";
import { KitForm, useKitForm } from "@/components/form/kit-form";
import { SettingsFooter, useSettingsSave } from "./use-settings-save";

export type RetentionValues = { webhookRetentionDays: string; webhookRejectedRetentionDays: string };
type RetentionChange = Pick<Settings, "webhookRetentionDays" | "webhookRejectedRetentionDays">;

/** How long the webhook inbox keeps notifications (enforced once a day, lib/webhooks/retention.ts). */
export function RetentionForm({ settledDays, refusedDays }: { settledDays: number; refusedDays: number }) {
  const form = useKitForm<RetentionValues, RetentionChange>({
    schema: () => import("./retention-schema").then((m) => m.retentionFormSchema),
    defaultValues: { webhookRetentionDays: String(settledDays), webhookRejectedRetentionDays: String(refusedDays) },
  });
  const { onValid, pending, message, dialog } = useSettingsSave(form, "Retention saved.");

  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 className="font-semibold">Webhook inbox retention</h2>
      <p className="text-sm text-slate-600">
        Notifications are removed once a day after these many days; the audit log records how many. One still waiting to
        be applied or confirmed is never removed.
      </p>
      <KitForm form={form} onValid={onValid} className="mt-4 grid gap-4 sm:grid-cols-2" data-testid="retention-form">
        <TextInput
          name="webhookRetentionDays"
          id="retention-settled"
          label="Applied, confirmed, unchanged or stale (days)"
          inputMode="numeric"
        />
        <TextInput
          name="webhookRejectedRetentionDays"
          id="retention-refused"
          label="Rejected or expired (days)"
          inputMode="numeric"
        />
        <SettingsFooter
          message={message}
          pending={pending}
          label="Save retention"
          testId="retention-message"
          className="sm:col-span-2"
        />
      </KitForm>
      {dialog}
    </section>
  );
}
