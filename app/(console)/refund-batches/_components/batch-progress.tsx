"use client";

import { useTranslations } from "@/lib/platform/i18n/client";
import type { BatchOutcome, RefundBatchCounts } from "@/lib/refund-batches/view-types";

const SHOWN: { outcome: BatchOutcome; bar: string }[] = [
  { outcome: "succeeded", bar: "bg-emerald-500" },
  { outcome: "failed", bar: "bg-red-500" },
  { outcome: "unknown", bar: "bg-amber-500" },
  { outcome: "waiting", bar: "bg-sky-400" },
  { outcome: "sent", bar: "bg-sky-200" },
  { outcome: "pending", bar: "bg-slate-200" },
  { outcome: "skipped", bar: "bg-slate-300" },
  { outcome: "cancelled", bar: "bg-slate-400" },
];

/** One bar, a segment per outcome, and the counts under it. */
export function BatchProgress({ counts }: { counts: RefundBatchCounts }) {
  const t = useTranslations("refundBatches");
  const total = Math.max(counts.total, 1);
  const finished = counts.succeeded + counts.failed + counts.skipped + counts.cancelled;
  return (
    <div className="space-y-2">
      <div
        className="flex h-3 overflow-hidden rounded-full bg-slate-100"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={counts.total}
        aria-valuenow={finished}
        aria-label={t("batch.progress", { done: finished, total: counts.total })}
      >
        {SHOWN.map(({ outcome, bar }) =>
          counts[outcome] ? (
            <div key={outcome} className={bar} style={{ width: `${(counts[outcome] / total) * 100}%` }} />
          ) : null,
        )}
      </div>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700" data-testid="batch-counts">
        {SHOWN.filter(({ outcome }) => counts[outcome]).map(({ outcome }) => (
          <li key={outcome} data-outcome={outcome}>
            {t(`rowStatus.${outcome}`)}: <span className="tabular-nums font-medium">{counts[outcome]}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
