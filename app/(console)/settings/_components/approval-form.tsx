"use client";

import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { apiFetch } from "@/lib/api/client";
import { useRouter } from "next/navigation";
import { isPendingAnswer, WAITING_TEXT } from "@/components/pending-changes/pending-panel";
import { parseMajorToMinor, toMajorString } from "@/lib/money";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { Notice } from "@/components/ui/notice";
import { useStepUp } from "@/components/auth/step-up";

const COMMON = ["USD", "EUR", "GBP", "HKD", "CNY", "JPY", "KRW"];

/** When a refund needs a manager: above an amount per currency, or above a share of the charge. */
export function ApprovalForm({ thresholds, percent }: { thresholds: Record<string, number>; percent: number | null }) {
  const currencies = [...new Set([...COMMON, ...Object.keys(thresholds)])];
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const router = useRouter();
  // Lowering a control needs a fresh authenticator code.
  const { withStepUp, dialog } = useStepUp();
  const save = useMutation({
    mutationFn: (change: { refundApprovalThresholds: Record<string, number>; refundApprovalPercent: number | null }) =>
      withStepUp(() => apiFetch("/api/settings", { method: "PATCH", json: change })),
    onSuccess: (answer) => {
      setMessage({ tone: "success", text: isPendingAnswer(answer) ? WAITING_TEXT : "Approval rules saved." });
      router.refresh();
    },
    onError: (e) => setMessage({ tone: "error", text: e.message }),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const f = new FormData(event.currentTarget);
    const next: Record<string, number> = {};
    for (const currency of currencies) {
      const text = String(f.get(`threshold-${currency}`) ?? "").trim();
      if (!text) continue;
      const parsed = parseMajorToMinor(text, currency);
      if (!parsed.ok) return setMessage({ tone: "error", text: `${currency}: ${parsed.error}` });
      next[currency] = parsed.minor;
    }
    const pct = String(f.get("approval-percent") ?? "").trim();
    const share = pct === "" ? null : Number(pct);
    if (share !== null && !(share >= 0 && share <= 100))
      return setMessage({ tone: "error", text: "The share of the charge is a percentage from 0 to 100." });
    save.mutate({ refundApprovalThresholds: next, refundApprovalPercent: share });
  }

  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 className="font-semibold">Refund approvals</h2>
      <p className="text-sm text-slate-600">
        A refund waits for a manager other than the requester when the charge’s refunds — already refunded, in progress,
        waiting for approval and this one together — go above the amount for its currency, or above the share of the
        charge.
      </p>
      <p className="mt-1 text-sm font-medium text-slate-700" data-testid="approval-default">
        Currencies not listed: every refund needs approval. An empty field means the same for that currency.
      </p>
      <form onSubmit={onSubmit} className="mt-4 grid gap-4 sm:grid-cols-4" noValidate data-testid="approval-form">
        {currencies.map((c) => (
          <TextField
            key={c}
            label={`Above (${c})`}
            id={`threshold-${c}`}
            inputMode="decimal"
            defaultValue={thresholds[c] !== undefined ? toMajorString(thresholds[c], c) : ""}
          />
        ))}
        <TextField
          label="Or above this % of the charge"
          id="approval-percent"
          type="number"
          min={0}
          max={100}
          step="any"
          defaultValue={percent ?? ""}
        />
        <div className="space-y-3 sm:col-span-4">
          {message && (
            <Notice tone={message.tone} testId="approval-message">
              {message.text}
            </Notice>
          )}
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? "Saving…" : "Save approval rules"}
          </Button>
        </div>
      </form>
      {dialog}
    </section>
  );
}
