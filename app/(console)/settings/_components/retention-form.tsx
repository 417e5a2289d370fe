"use client";

import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { apiFetch } from "@/lib/api/client";
import { useRouter } from "next/navigation";
import { isPendingAnswer, WAITING_TEXT } from "@/components/pending-changes/pending-panel";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { useStepUp } from "@/components/auth/step-up";

/** How long the webhook inbox keeps notifications (enforced once a day, lib/webhooks/retention.ts). */
export function RetentionForm({ settledDays, refusedDays }: { settledDays: number; refusedDays: number }) {
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const router = useRouter();
  // Asks for a fresh code if the server wants one for this change.
  const { withStepUp, dialog } = useStepUp();
  const save = useMutation({
    mutationFn: (change: { webhookRetentionDays: number; webhookRejectedRetentionDays: number }) =>
      withStepUp(() => apiFetch("/api/settings", { method: "PATCH", json: change })),
    onSuccess: (answer) => {
      setMessage({ tone: "success", text: isPendingAnswer(answer) ? WAITING_TEXT : "Retention saved." });
      router.refresh();
    },
    onError: (e) => setMessage({ tone: "error", text: e.message }),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const f = new FormData(event.currentTarget);
    const settled = Number(f.get("retention-settled"));
    const refused = Number(f.get("retention-refused"));
    if (!Number.isInteger(settled) || settled < 7)
      return setMessage({ tone: "error", text: "Keep applied notifications at least 7 days (the replay window)." });
    if (!Number.isInteger(refused) || refused < 1)
      return setMessage({ tone: "error", text: "Keep refused notifications at least 1 day." });
    save.mutate({ webhookRetentionDays: settled, webhookRejectedRetentionDays: refused });
  }

  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 className="font-semibold">Webhook inbox retention</h2>
      <p className="text-sm text-slate-600">
        Notifications are removed once a day after these many days; the audit log records how many. One still waiting to
        be applied or confirmed is never removed.
      </p>
      <form onSubmit={onSubmit} className="mt-4 grid gap-4 sm:grid-cols-2" noValidate data-testid="retention-form">
        <TextField
          label="Applied, confirmed, unchanged or stale (days)"
          id="retention-settled"
          type="number"
          min={7}
          max={3650}
          step={1}
          defaultValue={settledDays}
        />
        <TextField
          label="Rejected or expired (days)"
          id="retention-refused"
          type="number"
          min={1}
          max={3650}
          step={1}
          defaultValue={refusedDays}
        />
        <div className="space-y-3 sm:col-span-2">
          {message && (
            <Notice tone={message.tone} testId="retention-message">
              {message.text}
            </Notice>
          )}
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? "Saving…" : "Save retention"}
          </Button>
        </div>
      </form>
      {dialog}
    </section>
  );
}
