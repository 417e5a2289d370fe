"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { apiFetch } from "@/lib/api/client";
import { CHARGEBACK_STATUSES } from "@/lib/chargebacks/record";
import type { ResponseDays } from "@/lib/chargebacks/deadline";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";

const fieldId = (status: string) => `window-${status.toLowerCase().replace(/\s+/g, "-")}`;

/** Days to respond to a chargeback per status: the console's own rule, since the API gives no deadline. */
export function ResponseWindowForm({ days }: { days: ResponseDays }) {
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const router = useRouter();
  const save = useMutation({
    mutationFn: (chargebackResponseDays: ResponseDays) =>
      apiFetch("/api/settings", { method: "PATCH", json: { chargebackResponseDays } }),
    onSuccess: () => {
      setMessage({ tone: "success", text: "Response windows saved." });
      router.refresh();
    },
    onError: (e) => setMessage({ tone: "error", text: e.message }),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const f = new FormData(event.currentTarget);
    const next: ResponseDays = {};
    for (const status of CHARGEBACK_STATUSES) {
      const raw = String(f.get(fieldId(status)) ?? "").trim();
      if (!raw) continue;
      const n = Number(raw);
      if (!Number.isInteger(n) || n < 1 || n > 365)
        return setMessage({ tone: "error", text: `${status}: whole days from 1 to 365, or empty for no date.` });
      next[status] = n;
    }
    save.mutate(next);
  }

  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 className="font-semibold">Chargeback response windows</h2>
      <p className="text-sm text-slate-600">
        The payment API gives no deadline for answering a chargeback. The console counts its own respond-by date from
        when a case entered its status, with these windows (days); leave a status empty when it waits on the bank, not
        on you. Cases overdue or due within 3 days are on the managers&apos; home page.
      </p>
      <form
        onSubmit={onSubmit}
        className="mt-4 grid gap-4 sm:grid-cols-3"
        noValidate
        data-testid="response-window-form"
      >
        {CHARGEBACK_STATUSES.map((status) => (
          <TextField
            key={status}
            label={`${status} (days)`}
            id={fieldId(status)}
            type="number"
            min={1}
            max={365}
            step={1}
            defaultValue={days[status] ?? ""}
          />
        ))}
        <div className="space-y-3 sm:col-span-3">
          {message && (
            <Notice tone={message.tone} testId="response-window-message">
              {message.text}
            </Notice>
          )}
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? "Saving…" : "Save response windows"}
          </Button>
        </div>
      </form>
    </section>
  );
}
