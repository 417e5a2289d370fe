"use client";

import { useEffect, useRef } from "react";
import { useFieldArray, useFormContext } from "react-hook-form";
import { TextInput, useFieldError } from "@/components/form/inputs";
import { MoneyInput } from "@/components/form/money-input";
import { Button } from "@/components/ui/button";
import { sectionRequired } from "@/lib/charges/sections";
import { useTranslations } from "@/lib/platform/i18n/client";
import { type ChargeValues, emptyGoodsLine } from "../charge-values";

const OPTIONAL_MONEY = ["totalTaxAmount", "totalDiscountAmount", "taxableAmount", "taxExemptAmount"] as const;

/** goods.data[]: one block per line, amounts typed in the charge's currency. */
export function ItemsFields() {
  const t = useTranslations("terminal.fields");
  const { control, watch } = useFormContext<ChargeValues>();
  const { fields, append, remove } = useFieldArray({ control, name: "goods" });
  const [method, currency] = watch(["method", "currency"]);
  const required = sectionRequired("items", method);
  // The array's own problem, where react-hook-form keeps it (`goods.root`) or where the server put it.
  const rootProblem = useFieldError("goods.root");
  const arrayProblem = useFieldError("goods");
  const problem = rootProblem ?? arrayProblem;
  // A method that needs lines opens with one to fill (once: a line removed stays removed).
  const seeded = useRef(false);
  useEffect(() => {
    if (!required || seeded.current) return;
    seeded.current = true;
    if (fields.length === 0) append(emptyGoodsLine(), { shouldFocus: false });
  }, [required, fields.length, append]);
  return (
    <div className="space-y-4" data-field="goods">
      {problem && (
        <p className="text-sm text-red-700" data-testid="goods-error">
          {problem}
        </p>
      )}
      {fields.map((line, i) => (
        <fieldset key={line.id} className="rounded-md border border-slate-200 p-3" data-testid={`goods-line-${i}`}>
          <legend className="px-1 text-sm font-medium text-slate-700">{t("line", { n: i + 1 })}</legend>
          <div className="grid gap-3 sm:grid-cols-3">
            <TextInput name={`goods.${i}.name`} label={t("itemName")} />
            <TextInput name={`goods.${i}.sku`} label={t("sku")} />
            <TextInput name={`goods.${i}.url`} label={t("itemUrl")} type="url" placeholder="https://" />
            <TextInput name={`goods.${i}.quantity`} label={t("quantity")} inputMode="numeric" />
            <MoneyInput name={`goods.${i}.unitAmount`} label={t("unitAmount")} currency={currency} />
            <MoneyInput name={`goods.${i}.totalAmount`} label={t("totalAmount")} currency={currency} />
            <TextInput name={`goods.${i}.totalTaxRate`} label={t("totalTaxRate")} inputMode="numeric" />
            {OPTIONAL_MONEY.map((name) => (
              <MoneyInput key={name} name={`goods.${i}.${name}`} label={t(name)} currency={currency} placeholder="" />
            ))}
          </div>
          <Button type="button" variant="secondary" className="mt-3" onClick={() => remove(i)}>
            {t("removeLine", { n: i + 1 })}
          </Button>
        </fieldset>
      ))}
      <Button type="button" variant="secondary" onClick={() => append(emptyGoodsLine())}>
        {t("addLine")}
      </Button>
    </div>
  );
}
