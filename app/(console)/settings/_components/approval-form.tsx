"use client";

import { TextInput } from "@/components/form/inputs";
import { useKitForm } from "@/components/form/kit-form";
import { SettingsForm } from "./use-settings-save";
import { useTranslations } from "@/lib/platform/i18n/client";
import type { ApprovalChange, ApprovalValues } from "./approval-schema";
import { ThresholdInputs, thresholdDefaults } from "./thresholds";

/** When a refund needs a manager: above an amount per currency, or above a share of the charge. */
export function ApprovalForm({ thresholds, percent }: { thresholds: Record<string, number>; percent: number | null }) {
  const t = useTranslations("settings");
  const typed = thresholdDefaults(thresholds);
  const form = useKitForm<ApprovalValues, ApprovalChange>({
    schema: () => import("./approval-schema").then((m) => m.approvalFormSchema),
    defaultValues: {
      refundApprovalThresholds: typed,
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
      <ThresholdInputs name="refundApprovalThresholds" idPrefix="threshold" currencies={Object.keys(typed)} />
      <TextInput name="refundApprovalPercent" id="approval-percent" label={t("approval.percent")} inputMode="decimal" />
    </SettingsForm>
  );
}
