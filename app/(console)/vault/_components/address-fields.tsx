"use client";

import { TextInput } from "@/components/form/inputs";
import { useTranslations } from "@/lib/platform/i18n/client";

/** The spec's address fields (street, street2, city, state, zip, country) under one form prefix. */
export function AddressFields({
  prefix,
  idPrefix,
  streetLabel,
}: {
  prefix: string;
  idPrefix: string;
  streetLabel: string;
}) {
  const t = useTranslations("vault.add");
  return (
    <>
      <TextInput name={`${prefix}.street`} id={`${idPrefix}-street`} label={streetLabel} />
      <TextInput name={`${prefix}.street2`} id={`${idPrefix}-street2`} label={t("street2")} />
      <TextInput name={`${prefix}.city`} id={`${idPrefix}-city`} label={t("city")} />
      <TextInput name={`${prefix}.state`} id={`${idPrefix}-state`} label={t("state")} />
      <TextInput name={`${prefix}.country`} id={`${idPrefix}-country`} label={t("country")} maxLength={2} />
      <TextInput name={`${prefix}.zip`} id={`${idPrefix}-zip`} label={t("zip")} />
    </>
  );
}
