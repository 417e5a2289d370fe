"use client";

import { CheckboxInput, TextInput } from "@/components/form/inputs";
import { useTranslations } from "@/lib/platform/i18n/client";

/**
 * payment.data (pan, expiry, cvv, first_name, last_name), payment.token and payment.request_token:
 * the card of a charge, at the terminal and at confirm. `idPrefix` keeps ids apart where a page
 * holds another form with the same fields.
 */
export function CardFields({ idPrefix }: { idPrefix?: string }) {
  const t = useTranslations("terminal.form");
  const id = (name: string) => (idPrefix ? `${idPrefix}-${name}` : undefined);
  return (
    <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-4 sm:grid-cols-2">
      <legend className="px-1 text-sm font-medium text-slate-700">{t("card")}</legend>
      <TextInput name="card.pan" id={id("pan")} label={t("pan")} inputMode="numeric" autoComplete="off" />
      <div className="grid grid-cols-2 gap-3">
        <TextInput name="card.expiry" id={id("expiry")} label={t("expiry")} placeholder="12/30" autoComplete="off" />
        <TextInput
          name="card.cvv"
          id={id("cvv")}
          label={t("cvv")}
          inputMode="numeric"
          autoComplete="off"
          type="password"
        />
      </div>
      <TextInput name="card.firstName" id={id("first-name")} label={t("firstName")} />
      <TextInput name="card.lastName" id={id("last-name")} label={t("lastName")} />
      <TextInput name="vaultToken" id={id("vault-token")} label={t("vaultToken")} placeholder="vt_…" />
      <div className="self-end">
        <CheckboxInput name="requestToken" id={id("request-token")} label={t("requestToken")} />
      </div>
    </fieldset>
  );
}
