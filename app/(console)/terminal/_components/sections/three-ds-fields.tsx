"use client";

import { TextInput } from "@/components/form/inputs";
import { useTranslations } from "@/lib/platform/i18n/client";
import { useApiName } from "./api-names";

/** payment.3ds1: an authentication the merchant ran before charging, passed on as it came. */
export function ThreeDsFields() {
  const t = useTranslations("terminal.fields");
  const api = useApiName();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextInput name="threeDs.indicator" label={t("threeDsIndicator")} hint={api("payment.3ds1.indicator")} />
      <TextInput
        name="threeDs.authentication"
        label={t("threeDsAuthentication")}
        hint={api("payment.3ds1.authentication")}
      />
      <TextInput name="threeDs.id" label={t("threeDsId")} hint={api("payment.3ds1.id")} />
      <TextInput
        name="threeDs.version"
        label={t("threeDsVersion")}
        placeholder="2.2.0"
        hint={api("payment.3ds1.version")}
      />
      <TextInput name="threeDs.tranxId" label={t("threeDsTranxId")} hint={api("payment.3ds1.tranx_id")} />
    </div>
  );
}
