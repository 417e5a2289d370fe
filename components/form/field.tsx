import type { ReactNode } from "react";

// The console's one field: its label, its control, and its problem and hint right under it,
// tied to the control for screen readers (aria-invalid, aria-describedby). A form read with
// FormData puts its control in a Field as it is; the form kit's inputs (./inputs.tsx) are
// Fields registered with react-hook-form. No react-hook-form here: a page with a plain form
// does not load it (docs/benchmarks.md, bench:bundle).

const base = "mt-1 block w-full rounded-md border bg-white px-3 py-2 text-sm shadow-sm focus:outline-none focus:ring-2";
export const controlClass = (invalid: boolean) =>
  invalid
    ? `${base} border-red-500 focus:border-red-600 focus:ring-red-500/30`
    : `${base} border-slate-300 focus:border-brand-500 focus:ring-brand-500/30`;

/** The element id of a field ("card.pan" → "card-pan"); the summary links to it. */
export const fieldId = (name: string) => name.replace(/[.[\]]+/g, "-").replace(/-$/, "");

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
  error,
  children,
}: {
  name: string;
  label: string;
  id?: string;
  hint?: ReactNode;
  /** The field's problem, in the reader's language. */
  error?: string;
  children: (control: ControlProps) => ReactNode;
}) {
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
