"use client";

import Link from "next/link";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { parseAsInteger, useQueryState } from "nuqs";
import { trackUrlUpdate } from "@/components/data-table/url-updates";
import { apiFetch } from "@/lib/platform/api/client";
import { useFormat, useTranslations } from "@/lib/platform/i18n/client";
import type { RefundBatchPage } from "@/lib/refund-batches/view-types";
import { STILL_MOVING } from "@/lib/refund-batches/view-types";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { BatchActions, type BatchMay } from "./batch-actions";
import { BatchProgress } from "./batch-progress";
import { BatchRows } from "./batch-rows";

export type Batch = RefundBatchPage;
export const batchKey = (id: string, after = 0) => ["refund-batches", id, after] as const;

/** The batch: who made it, its totals, its progress read again every two seconds while rows move. */
export function BatchPage({ initial, may }: { initial: Batch; may: BatchMay }) {
  const t = useTranslations("refundBatches");
  const f = useFormat();
  // The page of rows is in the address (?after=), so a link or a reload opens the same rows.
  const [rawAfter, setAfter] = useQueryState("after", parseAsInteger.withDefault(0).withOptions({ history: "push" }));
  // As the server reads it: a row number below 0 (?after=-5) is the first page.
  const after = Math.max(0, rawAfter);
  const { data } = useQuery({
    queryKey: batchKey(initial.id, after),
    queryFn: () => apiFetch<{ batch: Batch }>(`/api/refund-batches/${initial.id}?after=${after}`).then((r) => r.batch),
    initialData: after === initial.rowsAfter ? initial : undefined,
    placeholderData: keepPreviousData,
    refetchInterval: (q) => {
      const b = q.state.data;
      const moving =
        b &&
        (b.status === "sending" || b.status === "approved" || STILL_MOVING.some((o) => o !== "pending" && b.counts[o]));
      return moving ? 2000 : false;
    },
  });
  const batch = data ?? initial;
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
        {batch.counts.waiting > 0 && (
          <Notice tone="warning" testId="rows-waiting">
            {t.rich("batch.rowsWaiting", {
              count: batch.counts.waiting,
              link: (chunks) => (
                <Link href="/approvals" className="underline">
                  {chunks}
                </Link>
              ),
            })}
          </Notice>
        )}
        <BatchProgress counts={batch.counts} />
        <BatchActions batch={batch} may={may} />
      </Card>
      <BatchRows
        rows={batch.rows}
        page={{
          after: batch.rowsAfter,
          more: batch.moreRows,
          total: batch.counts.total,
          onPage: (next) => void trackUrlUpdate(setAfter(next || null)),
        }}
      />
    </div>
  );
}
