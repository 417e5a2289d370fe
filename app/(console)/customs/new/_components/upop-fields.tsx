"use client";

import { BUSINESS_TYPES, ID_TYPES } from "@/lib/customs/constants";
import { useTranslations } from "@/lib/platform/i18n/client";
import { SelectInput, TextInput } from "@/components/form/field";

/** What a UnionPay (upop) declaration adds: the buyer's identity. */
export function UpopFields() {
  const t = useTranslations("customs");
  return (
    <section
      className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-4"
      data-testid="upop-fields"
    >
      <TextInput name="upop.buyerName" id="buyerName" label={t("upop.buyerName")} />
      <TextInput name="upop.idNumber" id="idNumber" label={t("upop.idNumber")} autoComplete="off" />
      <SelectInput name="upop.idType" id="idType" label={t("upop.idType")}>
        {(Object.keys(ID_TYPES) as (keyof typeof ID_TYPES)[]).map((v) => (
          <option key={v} value={v}>
            {v} · {t(`idTypes.${v}`)}
          </option>
        ))}
      </SelectInput>
      <SelectInput name="upop.businessType" id="businessType" label={t("upop.businessType")}>
        {(Object.keys(BUSINESS_TYPES) as (keyof typeof BUSINESS_TYPES)[]).map((v) => (
          <option key={v} value={v}>
            {v} · {t(`businessTypes.${v}`)}
          </option>
        ))}
      </SelectInput>
    </section>
  );
}
