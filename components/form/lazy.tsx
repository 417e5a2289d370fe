// Forms below a list load the form kit (react-hook-form, ~14 KiB gzip) after the page's first
// load (next/dynamic, ssr: false, in the section's client module that shows the form: its list's
// or its record's): the list is what the page opens for, and its first load stays within the
// 190 KiB budget (docs/benchmarks.md, bench:bundle). This holds the form's place while it loads.

import { useTranslations } from "@/lib/platform/i18n/client";

export const formLoading = (label: string) =>
  function FormLoading() {
    return (
      <p className="mt-3 text-sm text-slate-500" aria-busy="true">
        {label}
      </p>
    );
  };

/** The place of any form while it loads, in the person's language. */
export function FormLoading() {
  const t = useTranslations("common");
  return formLoading(t("form.loading"))();
}
