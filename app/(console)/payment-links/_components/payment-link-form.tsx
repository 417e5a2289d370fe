"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useIntent } from "@/components/form/use-intent";
import { paymentLinkList } from "@/lib/payment-links/search-params";
import { useState } from "react";
import { apiFetch } from "@/lib/platform/api/client";
import type { CreatePaymentLinkInput } from "@/lib/payment-links/schemas";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { CheckboxInput, SelectInput, TextInput } from "@/components/form/inputs";
import { FORM_SECTION_GRID, FormSection } from "@/components/form/form-section";
import { LINK_ENDPOINTS, SPEC_NAME } from "@/lib/payment-links/request";
import { FormSummary } from "@/components/form/form-summary";
import { applyServerErrors, KitForm, useKitForm } from "@/components/form/kit-form";
import { CurrencySelect, MoneyInput } from "@/components/form/money-input";
import { useTranslations } from "@/lib/platform/i18n/client";
import { useMethodLabel } from "@/components/payments/format";
import { Card } from "@/components/ui/card";
import type { PaymentLinkValues } from "./payment-link-schema";

export function PaymentLinkForm() {
  const t = useTranslations("paymentLinks.form");
  const method = useMethodLabel();
  const client = useQueryClient();
  const form = useKitForm<PaymentLinkValues, CreatePaymentLinkInput>({
    schema: () => import("./payment-link-schema").then((m) => m.paymentLinkSchema),
    defaultValues: {
      kind: "hosted",
      vendor: "alipay",
      amount: "",
      currency: "USD",
      reference: "",
      callbackUrl: "",
      callbackUrlSuccess: "",
      callbackUrlFail: "",
      mobileResultUrl: "",
      allowDuplicates: false,
    },
  });
  const [error, setError] = useState<string[]>([]);
  // One Idempotency-Key per intent, kept while the outcome may be unknown: a retry is the same link.
  const create = useIntent({
    send: (body: CreatePaymentLinkInput, key) =>
      apiFetch<{ id: string }>("/api/payment-links", {
        method: "POST",
        json: body,
        headers: { "Idempotency-Key": key },
      }),
    onSuccess: () => {
      setError([]);
      // The list shows the new link at its top: its pages read again through the query cache.
      void client.invalidateQueries({ queryKey: paymentLinkList.key });
    },
    onError: (e) => setError(applyServerErrors(form, e)),
  });
  const currency = form.watch("currency");
  const kind = form.watch("kind") as keyof typeof LINK_ENDPOINTS;
  return (
    <Card padding={5}>
      <KitForm form={form} onValid={create.submit} className="grid gap-4 sm:grid-cols-5 sm:items-start">
        <SelectInput name="kind" label={t("kind")} hint={<code>{LINK_ENDPOINTS[kind]}</code>}>
          <option value="hosted">{t("hosted")}</option>
          <option value="pay">{t("pay")}</option>
          <option value="qr">{t("qr")}</option>
        </SelectInput>
        <SelectInput name="vendor" label={t("wallet")}>
          <option value="alipay">{method("alipay")}</option>
          <option value="wechatpay">{method("wechatpay")}</option>
          <option value="upop">{method("upop")}</option>
        </SelectInput>
        <MoneyInput name="amount" label={t("amount")} currency={currency} />
        <CurrencySelect name="currency" />
        <TextInput name="reference" label={t("reference")} />
        <FormSection
          keepMounted
          className="col-span-full"
          bodyClassName={FORM_SECTION_GRID}
          title={t("returnSection")}
          hint={
            kind === "hosted"
              ? [SPEC_NAME.callbackUrlSuccess, SPEC_NAME.callbackUrlFail, SPEC_NAME.mobileResultUrl].join(", ")
              : SPEC_NAME.callbackUrl
          }
          fields={["callbackUrl", "callbackUrlSuccess", "callbackUrlFail", "mobileResultUrl", "allowDuplicates"]}
          testId="link-return-section"
        >
          {kind === "hosted" ? (
            <>
              <TextInput
                name="callbackUrlSuccess"
                label={t("callbackUrlSuccess")}
                hint={<code>{SPEC_NAME.callbackUrlSuccess}</code>}
                type="url"
              />
              <TextInput
                name="callbackUrlFail"
                label={t("callbackUrlFail")}
                hint={<code>{SPEC_NAME.callbackUrlFail}</code>}
                type="url"
              />
              <TextInput
                name="mobileResultUrl"
                label={t("mobileResultUrl")}
                hint={<code>{SPEC_NAME.mobileResultUrl}</code>}
                type="url"
              />
            </>
          ) : (
            <TextInput
              name="callbackUrl"
              label={t("callbackUrl")}
              hint={<code>{SPEC_NAME.callbackUrl}</code>}
              type="url"
            />
          )}
          <div className="sm:col-span-3">
            <CheckboxInput name="allowDuplicates" label={t("allowDuplicates")} />
            <p className="mt-1 text-xs text-slate-500">
              <code>{SPEC_NAME.allowDuplicates}</code> · {t("allowDuplicatesHint")}
            </p>
          </div>
        </FormSection>
        <div className="space-y-2 sm:col-span-5">
          <FormSummary />
          {error.length > 0 && (
            <Notice tone="error" testId="link-error">
              {error.join(" ")}
            </Notice>
          )}
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? t("creating") : t("submit")}
          </Button>
        </div>
      </KitForm>
    </Card>
  );
}
