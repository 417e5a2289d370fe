"use client";

import { BUSINESS_TYPES, ID_TYPES } from "@/lib/customs/constants";
import { SelectField, TextField } from "@/components/ui/field";

/** What a UnionPay (upop) declaration adds: the buyer's identity. */
export type Upop = { buyerName: string; idNumber: string; idType: string; businessType: string };

export function UpopFields({ upop, onChange }: { upop: Upop; onChange: (upop: Upop) => void }) {
  return (
    <section
      className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-4"
      data-testid="upop-fields"
    >
      <TextField
        label="Buyer's name (as on the ID)"
        id="buyerName"
        value={upop.buyerName}
        onChange={(e) => onChange({ ...upop, buyerName: e.target.value })}
      />
      <TextField
        label="ID number"
        id="idNumber"
        value={upop.idNumber}
        onChange={(e) => onChange({ ...upop, idNumber: e.target.value })}
        autoComplete="off"
      />
      <SelectField
        label="ID type"
        id="idType"
        value={upop.idType}
        onChange={(e) => onChange({ ...upop, idType: e.target.value })}
      >
        {Object.entries(ID_TYPES).map(([v, label]) => (
          <option key={v} value={v}>
            {v} · {label}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Business type"
        id="businessType"
        value={upop.businessType}
        onChange={(e) => onChange({ ...upop, businessType: e.target.value })}
      >
        {Object.entries(BUSINESS_TYPES).map(([v, label]) => (
          <option key={v} value={v}>
            {v} · {label}
          </option>
        ))}
      </SelectField>
    </section>
  );
}
