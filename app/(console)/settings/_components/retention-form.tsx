"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { apiFetch } from "@/lib/api/client";
import { useRouter } from "next/navigation";
import { isPendingAnswer, WAITING_TEXT } from "@/components/pending-changes/pending-panel";
import type { Settings } from "@/lib/settings/schema";
import { Button } from "@/components/ui/button";
import { TextInput } from "@/components/form/field";
import { FormSummary } from "@/components/form/form-summary";
import { applyServerErrors, KitForm, useKitForm } from "@/components/form/kit-form";
import { Notice } from "@/components/ui/notice";
import { useStepUp } from "@/components/auth/step-up";

export type RetentionValues = { webhookRetentionDays: string; webhookRejectedRetentionDays: string };
type RetentionChange = Pick<Settings, "webhookRetentionDays" | "webhookRejectedRetentionDays">;

/** How long the webhook inbox keeps notifications (enforced once a day, lib/webhooks/retention.ts). */
export function RetentionForm({ settledDays, refusedDays }: { settledDays: number; refusedDays: number }) {
  const form = useKitForm<RetentionValues, RetentionChange>({
    schema: () => import("./retention-schema").then((m) => m.retentionFormSchema),
    defaultValues: { webhookRetentionDays: String(settledDays), webhookRejectedRetentionDays: String(refusedDays) },
  });
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const router = useRouter();
  // Asks for a fresh code if the server wants one for this change.
  const { withStepUp, dialog } = useStepUp();
  const save = useMutation({
    mutationFn: (change: RetentionChange) =>
      withStepUp(() => apiFetch("/api/settings", { method: "PATCH", json: change })),
    onSuccess: (answer) => {
      setMessage({ tone: "success", text: isPendingAnswer(answer) ? WAITING_TEXT : "Retention saved." });
      router.refresh();
    },
    onError: (e) => {
      const left = applyServerErrors(form, e);
      setMessage(left.length ? { tone: "error", text: left.join(" ") } : null);
    },
  });

  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 className="font-semibold">Webhook inbox retention</h2>
      <p className="text-sm text-slate-600">
        Notifications are removed once a day after these many days; the audit log records how many. One still waiting to
        be applied or confirmed is never removed.
      </p>
      <KitForm
        form={form}
        onValid={(change) => {
          setMessage(null);
          save.mutate(change);
        }}
        className="mt-4 grid gap-4 sm:grid-cols-2"
        data-testid="retention-form"
      >
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
        <div className="space-y-3 sm:col-span-2">
          <FormSummary />
          {message && (
            <Notice tone={message.tone} testId="retention-message">
              {message.text}
            </Notice>
          )}
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? "Saving…" : "Save retention"}
          </Button>
        </div>
      </KitForm>
      {dialog}
    </section>
  );
}
