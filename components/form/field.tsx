"use client";

import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from "react";
import { get, useFormContext } from "react-hook-form";
import { useTranslations } from "@/lib/platform/i18n/client";
import { translateMessage } from "@/lib/platform/keyed";

// A field of the form kit: its label, its control, and its own problem right under it, tied
// to the control for screen readers (aria-invalid, aria-describedby).

const base = "mt-1 block w-full rounded-md border bg-white px-3 py-2 text-sm shadow-sm focus:outline-none focus:ring-2";
export const controlClass = (invalid: boolean) =>
  invalid
    ? `${base} border-red-500 focus:border-red-600 focus:ring-red-500/30`
    : `${base} border-slate-300 focus:border-brand-500 focus:ring-brand-500/30`;

/** The element id of a field ("card.pan" → "card-pan"); the summary links to it. */
export const fieldId = (name: string) => name.replace(/[.[\]]+/g, "-").replace(/-$/, "");

/** The message of a field's problem, if it has one, in the reader's language (a key is translated). */
export function useFieldError(name: string): string | undefined {
  const {
    formState: { errors },
  } = useFormContext();
  const t = useTranslations();
  const error = get(errors, name) as { message?: unknown } | undefined;
  return typeof error?.message === "string" && error.message ? translateMessage(t, error.message) : undefined;
}

export type ControlProps = {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
  className: string;
};

export function Field({
  name,
  label,
  id,
  hint,
  children,
}: {
  name: string;
  label: string;
  id?: string;
  hint?: ReactNode;
  children: (control: ControlProps) => ReactNode;
}) {
  const error = useFieldError(name);
  const controlId = id ?? fieldId(name);
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  return (
    <div data-field={name}>
      <label htmlFor={controlId} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children({
        id: controlId,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": [errorId, hintId].filter(Boolean).join(" ") || undefined,
        className: controlClass(!!error),
      })}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700" data-testid={errorId}>
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
    </div>
  );
}

type Common = { name: string; label: string; id?: string; hint?: ReactNode };

export function TextInput({
  name,
  label,
  id,
  hint,
  onChange,
  ...props
}: Common & InputHTMLAttributes<HTMLInputElement>) {
  const { register } = useFormContext();
  return (
    <Field name={name} label={label} id={id} hint={hint}>
      {(control) => <input {...props} {...control} {...register(name, { onChange })} />}
    </Field>
  );
}

export function SelectInput({
  name,
  label,
  id,
  hint,
  children,
  onChange,
  ...props
}: Common & SelectHTMLAttributes<HTMLSelectElement>) {
  const { register } = useFormContext();
  return (
    <Field name={name} label={label} id={id} hint={hint}>
      {(control) => (
        <select {...props} {...control} {...register(name, { onChange })}>
          {children}
        </select>
      )}
    </Field>
  );
}

export function CheckboxInput({ name, label, id }: { name: string; label: ReactNode; id?: string }) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  const controlId = id ?? fieldId(name);
  return (
    <div data-field={name}>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" id={controlId} aria-invalid={error ? true : undefined} {...register(name)} /> {label}
      </label>
      {error && <p className="mt-1 text-sm text-red-700">{error}</p>}
    </div>
  );
}
