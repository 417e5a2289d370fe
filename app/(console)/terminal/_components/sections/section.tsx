"use client";

import type { ReactNode } from "react";
import { useTranslations } from "@/lib/platform/i18n/client";

/** One named part of the terminal, opened and closed by its heading; its spec fields named under it. */
export function Section({
  id,
  title,
  hint,
  open,
  required,
  onToggle,
  children,
}: {
  id: string;
  title: string;
  hint: string;
  open: boolean;
  required: boolean;
  onToggle: () => void;
  children: ReactNode;
}) {
  const t = useTranslations("terminal.sections");
  const body = `section-${id}-body`;
  return (
    <section className="rounded-lg border border-slate-200" data-testid={`section-${id}`}>
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={open ? body : undefined}
          onClick={onToggle}
          className="flex w-full items-center justify-between gap-3 px-4 pt-3 text-left text-sm font-medium text-slate-800"
        >
          <span>
            {title}
            {required && (
              <>
                {" "}
                <span className="ml-1 text-xs font-normal text-amber-800">{t("required")}</span>
              </>
            )}
          </span>
          <span aria-hidden="true">{open ? "−" : "+"}</span>
        </button>
      </h3>
      <p className="px-4 pb-3 font-mono text-xs text-slate-500">{hint}</p>
      {open && (
        <div id={body} className="border-t border-slate-200 p-4">
          {children}
        </div>
      )}
    </section>
  );
}
