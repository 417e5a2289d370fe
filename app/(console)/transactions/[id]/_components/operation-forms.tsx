"use client";

import type { z } from "zod";
import { toMajorString } from "@/lib/platform/money";
import { REFUND_REASONS } from "@/lib/operations/labels";
import { useTranslations } from "@/lib/platform/i18n/client";
import type { captureBodySchema, refundBodySchema } from "@/lib/operations/schemas";
import { Button } from "@/components/ui/button";
import { SelectInput, TextInput } from "@/components/form/inputs";
import { FormSummary } from "@/components/form/form-summary";
import { KitForm, useKitForm } from "@/components/form/kit-form";
import { MoneyInput } from "@/components/form/money-input";
import type { CaptureValues, RefundValues } from "./operation-schemas";

// The capture and refund forms of a charge on the form kit: the server's own body schemas,
// the amount read in the charge's currency and held to what is left (operation-schemas.ts,
// loaded at the first check), every problem at its field.

type FormProps<B> = {
  currency: string;
  left: number;
  busy: boolean;
  onSubmit: (body: B) => void;
  money: (v: number) => string;
};

type CaptureBody = z.output<typeof captureBodySchema>;

export function CaptureForm({
  currency,
  klarna,
  left,
  busy,
  onSubmit,
  money,
}: FormProps<CaptureBody> & { klarna: boolean }) {
  const t = useTranslations("transactions.forms");
  const tooMuch = t("moreThanLeft", { amount: money(left) });
  const form = useKitForm<CaptureValues, CaptureBody>({
    schema: () => import("./operation-schemas").then((m) => m.captureSchema(currency, left, tooMuch)),
    defaultValues: { amount: toMajorString(left, currency), mode: "single", vendor: "", tracking: "" },
  });
  return (
    <KitForm form={form} onValid={onSubmit} className="grid gap-3 sm:grid-cols-3" data-testid="capture-form">
      <MoneyInput
        name="amount"
        id="capture-amount"
        label={t("captureAmount", { currency, amount: money(left) })}
        currency={currency}
      />
      {klarna && (
        <SelectInput name="mode" id="capture-mode" label={t("klarnaCapture")}>
          <option value="single">{t("klarnaSingle")}</option>
          <option value="more">{t("klarnaMore")}</option>
          <option value="last">{t("klarnaLast")}</option>
        </SelectInput>
      )}
      <div className="hidden sm:block" />
      <TextInput name="vendor" id="shipping-vendor" label={t("shippingVendor")} maxLength={100} />
      <TextInput name="tracking" id="shipping-tracking" label={t("tracking")} maxLength={100} />
      <div className="flex items-end">
        <Button type="submit" disabled={busy}>
          {busy ? t("capturing") : t("capture")}
        </Button>
      </div>
      {!klarna && <p className="text-xs text-slate-500 sm:col-span-3">{t("partialCapture")}</p>}
      <div className="sm:col-span-3">
        <FormSummary />
      </div>
    </KitForm>
  );
}

type RefundBody = z.output<typeof refundBodySchema>;

export function RefundForm({ currency, left, busy, onSubmit, money }: FormProps<RefundBody>) {
  const t = useTranslations("transactions.forms");
  const to = useTranslations("operations.reasons");
  const tooMuch = t("moreThanLeft", { amount: money(left) });
  const form = useKitForm<RefundValues, RefundBody>({
    schema: () => import("./operation-schemas").then((m) => m.refundSchema(currency, left, tooMuch)),
    defaultValues: { amount: toMajorString(left, currency), reason: "consumer_requested", note: "" },
  });
  const reason = form.watch("reason");
  return (
    <KitForm form={form} onValid={onSubmit} className="grid gap-3 sm:grid-cols-3" data-testid="refund-form">
      <MoneyInput
        name="amount"
        id="refund-amount"
        label={t("refundAmount", { currency, amount: money(left) })}
        currency={currency}
      />
      <SelectInput name="reason" id="refund-reason" label={t("reason")}>
        {(Object.keys(REFUND_REASONS) as (keyof typeof REFUND_REASONS)[]).map((value) => (
          <option key={value} value={value}>
            {to(value)}
          </option>
        ))}
      </SelectInput>
      <TextInput
        name="note"
        id="refund-note"
        label={reason === "other" ? t("describeReason") : t("note")}
        maxLength={200}
      />
      <div className="sm:col-span-3">
        <Button type="submit" disabled={busy}>
          {busy ? t("refunding") : t("refund")}
        </Button>
        <span className="ml-3 text-xs text-slate-500">{t("largeRefunds")}</span>
      </div>
      <div className="sm:col-span-3">
        <FormSummary />
      </div>
    </KitForm>
  );
}
