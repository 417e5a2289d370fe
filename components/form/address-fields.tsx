"use client";

import { TextInput } from "@/components/form/inputs";
import { useTranslations } from "@/lib/platform/i18n/client";

/** street, street2, city, state, zip, country under `at` (billingAddress, shipping). */
export function AddressFields({ at }: { at: string }) {
  const t = useTranslations("terminal.fields");
  return (
    <>
      <TextInput name={`${at}.street`} label={t("street")} autoComplete="off" />
      <TextInput name={`${at}.street2`} label={t("street2")} autoComplete="off" />
      <TextInput name={`${at}.city`} label={t("city")} autoComplete="off" />
      <TextInput name={`${at}.state`} label={t("state")} autoComplete="off" />
      <TextInput name={`${at}.zip`} label={t("zip")} autoComplete="off" />
      <TextInput name={`${at}.country`} label={t("country")} maxLength={2} placeholder="US" autoComplete="off" />
    </>
  );
}
