"use client";

import type { InputHTMLAttributes } from "react";
import { useFormContext } from "react-hook-form";
import { useFormat, useTranslations } from "@/lib/platform/i18n/client";
import { CONSOLE_CURRENCIES, currencyDigits, parseMoneyText } from "@/lib/platform/money";
import { Field } from "./field";
import { useFieldError } from "./inputs";

// Money is typed as text and stays the text typed (a refusal never clears or crashes it); the
// form's schema (lib/money-input.ts moneyText) reads it as minor units in the field's
// currency. Beside it, what will be charged, once the text reads as an amount.

export function MoneyInput({
  name,
  label,
  currency,
  id,
  allowZero,
  preview = false,
  hint,
  ...props
}: {
  name: string;
  label: string;
  currency: string;
  id?: string;
  allowZero?: boolean;
  /** Show "Will charge $19.99" under the field. */
  preview?: boolean;
  /** Said under the field when there is no amount to preview. */
  hint?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id">) {
  const { register, watch } = useFormContext();
  const error = useFieldError(name);
  const t = useTranslations("validation.form");
  const f = useFormat();
  const text = String(watch(name) ?? "");
  const parsed = preview && text.trim() ? parseMoneyText(text, currency, { allowZero }) : null;
  const digits = currencyDigits(currency);
  return (
    <Field
      name={name}
      label={label}
      id={id}
      error={error}
      hint={
        parsed?.ok
          ? t.rich("willCharge", {
              amount: f.money(parsed.minor, currency),
              strong: (chunks) => <strong>{chunks}</strong>,
            })
          : hint
      }
    >
      {(control) => (
        <input
          inputMode={digits === 0 ? "numeric" : "decimal"}
          autoComplete="off"
          {...props}
          {...control}
          {...register(name)}
        />
      )}
    </Field>
  );
}

/** The currencies the console takes, as a select: never free text ("XYZ 12.00"). */
export function CurrencySelect({ name, label, id }: { name: string; label?: string; id?: string }) {
  const { register } = useFormContext();
  const t = useTranslations("validation.form");
  const error = useFieldError(name);
  return (
    <Field name={name} label={label ?? t("currency")} id={id} error={error}>
      {(control) => (
        <select {...control} {...register(name)}>
          {CONSOLE_CURRENCIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
