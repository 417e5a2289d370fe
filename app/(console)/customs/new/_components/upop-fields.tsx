"use client";

import { BUSINESS_TYPES, ID_TYPES } from "@/lib/customs/constants";
import { SelectInput, TextInput } from "@/components/form/field";

/** What a UnionPay (upop) declaration adds: the buyer's identity. */
export function UpopFields() {
  return (
    <section
      className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-4"
      data-testid="upop-fields"
    >
      <TextInput name="upop.buyerName" id="buyerName" label="Buyer's name (as on the ID)" />
      <TextInput name="upop.idNumber" id="idNumber" label="ID number" autoComplete="off" />
      <SelectInput name="upop.idType" id="idType" label="ID type">
        {Object.entries(ID_TYPES).map(([v, label]) => (
          <option key={v} value={v}>
            {v} · {label}
          </option>
        ))}
      </SelectInput>
      <SelectInput name="upop.businessType" id="businessType" label="Business type">
        {Object.entries(BUSINESS_TYPES).map(([v, label]) => (
          <option key={v} value={v}>
            {v} · {label}
          </option>
        ))}
      </SelectInput>
    </section>
  );
}
