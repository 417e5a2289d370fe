"use client";

import dynamic from "next/dynamic";
import { buttonClass } from "@/components/ui/button";
import { useTranslations } from "@/lib/platform/i18n/client";

/** The two buttons, inert, in their place while the saved views load. */
function SavedViewsLoading() {
  const t = useTranslations("common");
  return (
    <div className="flex items-center gap-2" aria-busy="true">
      <button type="button" disabled className={buttonClass("secondary")}>
        {t("views.saved")}
      </button>
      <button type="button" disabled className={buttonClass("secondary")}>
        {t("views.save")}
      </button>
    </div>
  );
}

// A list's saved views load after its first paint: the list is what the page opens for, and every
// list page keeps within the 190 KiB first-load budget with TanStack Table on it (ADR 0017).
export const SavedViews = dynamic(() => import("./saved-views").then((m) => m.SavedViews), {
  ssr: false,
  loading: () => <SavedViewsLoading />,
});
