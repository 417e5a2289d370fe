"use client";

import { type ReactNode, useId, useState } from "react";
import { useTranslations } from "@/lib/platform/i18n/client";

/**
 * A list's filters: beside its buttons from 768 px; on a phone behind a "Filters" button, so
 * the rows come first and a dozen fields do not push them two screens down.
 */
export function ListFilters({ children }: { children: ReactNode }) {
  const t = useTranslations("common.filters");
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="min-w-0 basis-full md:basis-0 md:flex-1">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
        className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium md:hidden"
      >
        {open ? t("hide") : t("show")}
      </button>
      <div id={id} className={`${open ? "mt-2" : "hidden"} md:mt-0 md:block`}>
        {children}
      </div>
    </div>
  );
}
