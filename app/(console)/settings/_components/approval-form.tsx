"use client";

import { toMajorString } from "@/lib/platform/money";
import { TextInput } from "@/components/form/inputs";
import { KitForm, useKitForm } from "@/components/form/kit-form";
import { MoneyInput } from "@/components/form/money-input";
import { SettingsFooter, useSettingsSave } from "./use-settings-save";
import { useTranslations } from "@/lib/platform/i18n/client";
import { Card, CardIntro, CardTitle } from "@/components/ui/card";
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
  // Lowering a control needs a fresh authenticator code.
  const { onValid, pending, message, dialog } = useSettingsSave(form, t("approval.saved"));

  return (
    <Card padding={5}>
      <CardTitle>{t("approval.title")}</CardTitle>
      <CardIntro>{t("approval.intro")}</CardIntro>
      <p className="mt-1 text-sm font-medium text-slate-700" data-testid="approval-default">
        {t("approval.default")}
      </p>
      <KitForm form={form} onValid={onValid} className="mt-4 grid gap-4 sm:grid-cols-4" data-testid="approval-form">
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
        <TextInput
          name="refundApprovalPercent"
          id="approval-percent"
          label={t("approval.percent")}
          inputMode="decimal"
        />
        <SettingsFooter
          message={message}
          pending={pending}
          label={t("approval.save")}
          testId="approval-message"
          className="sm:col-span-4"
        />
      </KitForm>
      {dialog}
    </Card>
  );
}
