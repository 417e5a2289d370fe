"use client";

import { type ReactNode, useState } from "react";
import { get, useFormContext } from "react-hook-form";

// A named part of a kit form that opens and closes (a <details>): the simple path shows only
// the first fields, the rest waits a click away. A problem in one of its fields opens it, so
// the summary's link to that field always lands on something visible. Its fields stay
// registered while closed: what was typed is kept and sent.

export function FormSection({
  title,
  hint,
  fields,
  defaultOpen = false,
  testId,
  children,
}: {
  title: string;
  /** The spec's names of what the section sends, shown beside its title. */
  hint?: ReactNode;
  /** Field names (or prefixes, "shipping") whose problem opens the section. */
  fields: string[];
  defaultOpen?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  const {
    formState: { errors },
  } = useFormContext();
  const [open, setOpen] = useState(defaultOpen);
  const troubled = fields.some((name) => get(errors, name) !== undefined);
  return (
    <details
      open={open || troubled}
      onToggle={(e) => setOpen(e.currentTarget.open)}
      className="col-span-full rounded-lg border border-slate-200 px-3 py-2"
      data-testid={testId}
    >
      <summary className="cursor-pointer text-sm font-medium text-slate-800">
        {title}
        {hint && <span className="ml-2 font-mono text-xs font-normal text-slate-500">{hint}</span>}
      </summary>
      <div className="mt-3 mb-1 grid gap-3 sm:grid-cols-3 sm:items-start">{children}</div>
    </details>
  );
}
