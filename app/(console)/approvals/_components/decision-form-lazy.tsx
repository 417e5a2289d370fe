"use client";

import dynamic from "next/dynamic";
import { useTranslations } from "@/lib/platform/i18n/client";

function DecisionFormLoading() {
  const t = useTranslations("approvals.decision");
  return (
    <p className="mt-3 text-sm text-slate-500" aria-busy="true">
      {t("loading")}
    </p>
  );
}

// The decision form after the page's first load (components/form/lazy.tsx says why).
export const DecisionForm = dynamic(() => import("./decision-form").then((m) => m.DecisionForm), {
  ssr: false,
  loading: () => <DecisionFormLoading />,
});
