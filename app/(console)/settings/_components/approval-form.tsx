"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { apiFetch } from "@/lib/api/client";
import { useRouter } from "next/navigation";
import { isPendingAnswer, WAITING_TEXT } from "@/components/pending-changes/pending-panel";
import { toMajorString } from "@/lib/money";
import type { Settings } from "@/lib/settings/schema";
import { Button } from "@/components/ui/button";
import { TextInput } from "@/components/form/field";
import { FormSummary } from "@/components/form/form-summary";
import { applyServerErrors, KitForm, useKitForm } from "@/components/form/kit-form";
import { MoneyInput } from "@/components/form/money-input";
import { Notice } from "@/components/ui/notice";
import { useStepUp } from "@/components/auth/step-up";

const COMMON = ["USD", "EUR", "GBP", "HKD", "CNY", "JPY", "KRW"];

/** The form as typed: a threshold per currency in its major unit (empty: every refund waits), the share in %. */
export type ApprovalValues = { refundApprovalThresholds: Record<string, string>; refundApprovalPercent: string };
type ApprovalChange = Pick<Settings, "refundApprovalThresholds" | "refundApprovalPercent">;

/** When a refund needs a manager: above an amount per currency, or above a share of the charge. */
export function ApprovalForm({ thresholds, percent }: { thresholds: Record<string, number>; percent: number | null }) {
  const currencies = [...new Set([...COMMON, ...Object.keys(thresholds)])];
  const form = useKitForm<ApprovalValues, ApprovalChange>({
    schema: () => import("./approval-schema").then((m) => m.approvalFormSchema),
    defaultValues: {
      refundApprovalThresholds: Object.fromEntries(
        currencies.map((c) => [c, thresholds[c] !== undefined ? toMajorString(thresholds[c], c) : ""]),
      ),
      refundApprovalPercent: percent === null ? "" : String(percent),
    },
  });
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const router = useRouter();
  // Lowering a control needs a fresh authenticator code.
  const { withStepUp, dialog } = useStepUp();
  const save = useMutation({
    mutationFn: (change: ApprovalChange) =>
      withStepUp(() => apiFetch("/api/settings", { method: "PATCH", json: change })),
    onSuccess: (answer) => {
      setMessage({ tone: "success", text: isPendingAnswer(answer) ? WAITING_TEXT : "Approval rules saved." });
      router.refresh();
    },
    onError: (e) => {
      const left = applyServerErrors(form, e);
      setMessage(left.length ? { tone: "error", text: left.join(" ") } : null);
    },
  });

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
      <KitForm
        form={form}
        onValid={(change) => {
          setMessage(null);
          save.mutate(change);
        }}
        className="mt-4 grid gap-4 sm:grid-cols-4"
        data-testid="approval-form"
      >
        {currencies.map((c) => (
          <MoneyInput
            key={c}
            name={`refundApprovalThresholds.${c}`}
            id={`threshold-${c}`}
            label={`Above (${c})`}
            currency={c}
            allowZero
          />
        ))}
        <TextInput
          name="refundApprovalPercent"
          id="approval-percent"
          label="Or above this % of the charge"
          inputMode="decimal"
          placeholder="50"
        />
        <div className="space-y-3 sm:col-span-4">
          <FormSummary />
          {message && (
            <Notice tone={message.tone} testId="approval-message">
              {message.text}
            </Notice>
          )}
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? "Saving…" : "Save approval rules"}
          </Button>
        </div>
      </KitForm>
      {dialog}
    </section>
  );
}
