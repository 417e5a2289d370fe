"use client";

import { toMajorString } from "@/lib/money";
import type { Settings } from "@/lib/settings/schema";
import { TextInput } from "@/components/form/field";
import { KitForm, useKitForm } from "@/components/form/kit-form";
import { MoneyInput } from "@/components/form/money-input";
import { SettingsFooter, useSettingsSave } from "./use-settings-save";

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
  // Lowering a control needs a fresh authenticator code.
  const { onValid, pending, message, dialog } = useSettingsSave(form, "Approval rules saved.");

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
      <KitForm form={form} onValid={onValid} className="mt-4 grid gap-4 sm:grid-cols-4" data-testid="approval-form">
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
        <SettingsFooter
          message={message}
          pending={pending}
          label="Save approval rules"
          testId="approval-message"
          className="sm:col-span-4"
        />
      </KitForm>
      {dialog}
    </section>
  );
}
