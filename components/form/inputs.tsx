"use client";

import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from "react";
import { get, useFormContext } from "react-hook-form";
import { useTranslations } from "@/lib/platform/i18n/client";
import { translateMessage } from "@/lib/platform/keyed";
import { Field, fieldId } from "./field";

// The form kit's inputs: a Field registered with the KitForm around it, showing its problem.

/** The message of a field's problem, if it has one, in the reader's language (a key is translated). */
export function useFieldError(name: string): string | undefined {
  const {
    formState: { errors },
  } = useFormContext();
  const t = useTranslations();
  const error = get(errors, name) as { message?: unknown } | undefined;
  return typeof error?.message === "string" && error.message ? translateMessage(t, error.message) : undefined;
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
  const error = useFieldError(name);
  return (
    <Field name={name} label={label} id={id} hint={hint} error={error}>
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
  const error = useFieldError(name);
  return (
    <Field name={name} label={label} id={id} hint={hint} error={error}>
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
