"use client";

import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/platform/api/client";
import { useFormat, useTranslations } from "@/lib/platform/i18n/client";
import type { RefundBatchRowView, RefundBatchView } from "@/lib/refund-batches/view-types";
import { STILL_MOVING } from "@/lib/refund-batches/view-types";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { BatchActions, type BatchMay } from "./batch-actions";
import { BatchProgress } from "./batch-progress";
import { BatchRows } from "./batch-rows";

export type Batch = RefundBatchView & { rows: RefundBatchRowView[] };
export const batchKey = (id: string) => ["refund-batches", id] as const;

/** The batch: who made it, its totals, its progress read again every two seconds while rows move. */
export function BatchPage({ initial, may }: { initial: Batch; may: BatchMay }) {
  const t = useTranslations("refundBatches");
  const f = useFormat();
  const { data: batch } = useQuery({
    queryKey: batchKey(initial.id),
    queryFn: () => apiFetch<{ batch: Batch }>(`/api/refund-batches/${initial.id}`).then((r) => r.batch),
    initialData: initial,
    refetchInterval: (q) => {
      const b = q.state.data;
      const moving =
        b &&
        (b.status === "sending" || b.status === "approved" || STILL_MOVING.some((o) => o !== "pending" && b.counts[o]));
      return moving ? 2000 : false;
    },
  });
  const totals = Object.entries(batch.totals)
    .map(([currency, amount]) => f.money(amount, currency))
    .join(" · ");
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{t("batch.title", { id: batch.id.slice(0, 8) })}</h1>
          <p className="mt-1 text-slate-600">
            {t("batch.madeBy", { who: batch.createdBy, when: f.dateTime(batch.createdAt) })} ·{" "}
            {batch.fileName ? t("batch.file", { name: batch.fileName }) : t("batch.selection")}
          </p>
        </div>
        <a href={`/api/refund-batches/${batch.id}/result.csv`} className={buttonClass("secondary")} download>
          {t("batch.result")}
        </a>
      </div>
      <Card className="space-y-3">
        <p className="text-sm" data-testid="batch-status" data-status={batch.status}>
          <span className="font-semibold">{t(`status.${batch.status}`)}</span> ·{" "}
          {t("batch.count", { count: batch.counts.total })} · {t("preview.total")} {totals}
        </p>
        {batch.decidedBy && (
          <p className="text-sm text-slate-600">
            {t("batch.decidedBy", { who: batch.decidedBy, comment: batch.decisionComment ?? "" })}
          </p>
        )}
        {batch.status === "awaiting_approval" && (
          <Notice tone="warning" testId="batch-waiting">
            {may.decide && may.own ? t("batch.own") : t("batch.waiting")}
          </Notice>
        )}
        <BatchProgress counts={batch.counts} />
        <BatchActions batch={batch} may={may} />
      </Card>
      <BatchRows rows={batch.rows} />
    </div>
  );
}
