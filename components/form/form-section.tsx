"use client";

import { type ReactNode, useId, useState } from "react";
import { get, useFormContext } from "react-hook-form";

// A named part of a kit form that opens and closes by its heading (a button, aria-expanded): the
// simple path shows only the first fields, the rest waits a click away. A problem in one of its
// fields opens it, so the summary's link to that field always lands on something visible. The
// terminal and confirm drive it (open per method and per person, remembered); the other forms let
// it keep its own state. `keepMounted` keeps a closed section's fields in the page (hidden), for
// a form whose fields fill themselves; otherwise a closed body is not rendered (and not loaded),
// while react-hook-form keeps what was typed in it and sends it.

/** A section body laid out as the kit's forms lay out fields (three columns from small screens). */
export const FORM_SECTION_GRID = "grid gap-3 p-3 sm:grid-cols-3 sm:items-start";

export function FormSection({
  title,
  hint,
  badge,
  fields = [],
  open: controlled,
  onToggle,
  defaultOpen = false,
  keepMounted = false,
  testId,
  className = "",
  bodyClassName = "p-4",
  children,
}: {
  title: ReactNode;
  /** The spec's names of what the section sends, shown under its title. */
  hint?: ReactNode;
  /** Said beside the title (a section the method requires). */
  badge?: ReactNode;
  /** Field names (or prefixes, "shipping") whose problem opens the section. */
  fields?: string[];
  /** Controlled: open as told, `onToggle` asked to change it. */
  open?: boolean;
  onToggle?: (open: boolean) => void;
  defaultOpen?: boolean;
  keepMounted?: boolean;
  testId?: string;
  className?: string;
  bodyClassName?: string;
  children: ReactNode;
}) {
  const {
    formState: { errors },
  } = useFormContext();
  const [own, setOwn] = useState(defaultOpen);
  const troubled = fields.some((name) => get(errors, name) !== undefined);
  const open = (controlled ?? own) || troubled;
  const body = `${useId()}-body`;
  const toggle = () => (onToggle ? onToggle(!open) : setOwn(!open));
  return (
    <section className={`rounded-lg border border-slate-200 ${className}`} data-testid={testId}>
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={open ? body : undefined}
          onClick={toggle}
          className="flex w-full items-center justify-between gap-3 px-4 pt-3 text-left text-sm font-medium text-slate-800"
        >
          <span>
            {title}
            {badge && (
              <>
                {" "}
                <span className="ml-1 text-xs font-normal text-amber-800">{badge}</span>
              </>
            )}
          </span>
          <span aria-hidden="true">{open ? "−" : "+"}</span>
        </button>
      </h3>
      <p className="px-4 pb-3 font-mono text-xs text-slate-500" translate="no">
        {hint}
      </p>
      {(open || keepMounted) && (
        <div id={body} hidden={!open} className={`border-t border-slate-200 ${bodyClassName}`}>
          {children}
        </div>
      )}
    </section>
  );
}
