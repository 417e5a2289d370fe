"use client";

import { toMajorString } from "@/lib/platform/money";
import { TextInput } from "@/components/form/inputs";
import { useKitForm } from "@/components/form/kit-form";
import { MoneyInput } from "@/components/form/money-input";
import { SettingsForm } from "./use-settings-save";
import { useTranslations } from "@/lib/platform/i18n/client";
import type { ApprovalChange, ApprovalValues } from "./approval-values";

const COMMON = ["USD", "EUR", "GBP", "HKD", "CNY", "JPY", "KRW"];

/** When a refund needs a manager: above an amount per currency, or above a share of the charge. */
export function ApprovalForm({ thresholds, percent }: { thresholds: Record<string, number>; percent: number | null }) {
  const t = useTranslations("settings");
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
  // Lowering a control needs a fresh authenticator code (the save asks for it).
  return (
    <SettingsForm
      section="approval"
      testId="approval"
      form={form}
      columns={4}
      above={
        <p className="mt-1 text-sm font-medium text-slate-700" data-testid="approval-default">
          {t("approval.default")}
        </p>
      }
    >
      {currencies.map((c) => (
        <MoneyInput
          key={c}
          name={`refundApprovalThresholds.${c}`}
          id={`threshold-${c}`}
          label={t("approval.above", { currency: c })}
          currency={c}
          allowZero
        />
      ))}
      <TextInput name="refundApprovalPercent" id="approval-percent" label={t("approval.percent")} inputMode="decimal" />
    </SettingsForm>
  );
}
