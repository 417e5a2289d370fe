"use client";

import { TextInput } from "@/components/form/inputs";
import { useTranslations } from "@/lib/platform/i18n/client";

/**
 * The spec's address (street, street2, city, state, zip, country) under one form prefix: a charge's
 * billing address and goods recipient, a stored card's billing and shipping address. `idPrefix`
 * keeps ids apart where one form holds two addresses; `streetLabel` says whose street it is.
 */
export function AddressFields({ at, idPrefix, streetLabel }: { at: string; idPrefix?: string; streetLabel?: string }) {
  const t = useTranslations("common.address");
  const id = (name: string) => (idPrefix ? `${idPrefix}-${name}` : undefined);
  return (
    <>
      <TextInput name={`${at}.street`} id={id("street")} label={streetLabel ?? t("street")} autoComplete="off" />
      <TextInput name={`${at}.street2`} id={id("street2")} label={t("street2")} autoComplete="off" />
      <TextInput name={`${at}.city`} id={id("city")} label={t("city")} autoComplete="off" />
      <TextInput name={`${at}.state`} id={id("state")} label={t("state")} autoComplete="off" />
      <TextInput name={`${at}.zip`} id={id("zip")} label={t("zip")} autoComplete="off" />
      <TextInput
        name={`${at}.country`}
        id={id("country")}
        label={t("country")}
        maxLength={2}
        placeholder="US"
        autoComplete="off"
      />
    </>
  );
}
