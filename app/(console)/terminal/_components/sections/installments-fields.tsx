"use client";

import { TextInput } from "@/components/form/inputs";
import { useTranslations } from "@/lib/platform/i18n/client";
import { useApiName } from "./api-names";

/** installments: filled by choosing an offer of the consult, or typed as the merchant's contract names them. */
export function InstallmentsFields() {
  const t = useTranslations("terminal.fields");
  const api = useApiName();
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600">{t("installmentsHelp")}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput name="installments.id" label={t("installmentsId")} hint={api("installments.id")} />
        <TextInput name="installments.promo" label={t("installmentsPromo")} hint={api("installments.promo[]")} />
        <TextInput
          name="installments.paymentNumber"
          label={t("installmentsPaymentNumber")}
          inputMode="numeric"
          hint={api("installments.payment_number")}
        />
        <TextInput
          name="installments.quantity"
          label={t("installmentsQuantity")}
          inputMode="numeric"
          hint={api("installments.quantity")}
        />
      </div>
    </div>
  );
}
