"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "@/lib/platform/i18n/client";
import { keepSelection } from "@/app/(console)/refund-batches/_components/selection-store";

/** The selected rows to a new refund batch (its own page: the list's first load carries none of it). */
export function RefundSelected({ ids }: { ids: string[] }) {
  const t = useTranslations("refundBatches");
  const router = useRouter();
  return (
    <button
      type="button"
      className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50"
      data-testid="refund-selected"
      onClick={() => {
        keepSelection(ids);
        router.push("/refund-batches/new?from=selection");
      }}
    >
      {t("refundSelected", { count: ids.length })}
    </button>
  );
}
