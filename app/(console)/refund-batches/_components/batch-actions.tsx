"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { apiFetch } from "@/lib/platform/api/client";
import { useTranslations } from "@/lib/platform/i18n/client";
import { useStepUp } from "@/components/auth/step-up";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import type { RefundBatchView } from "@/lib/refund-batches/view-types";

const OPEN = ["draft", "awaiting_approval", "approved", "sending"];

/**
 * A manager other than the maker approves or rejects a waiting batch (with a comment and a
 * fresh authenticator code); whoever may move money cancels the rows not yet sent.
 */
/** What the reader may do with a batch: cancel its unsent rows, decide on it, and whether they made it. */
export type BatchMay = { cancel: boolean; decide: boolean; own: boolean };

export function BatchActions({ batch, may }: { batch: RefundBatchView; may: BatchMay }) {
  const t = useTranslations("refundBatches");
  const client = useQueryClient();
  const [comment, setComment] = useState("");
  const { withStepUp, dialog } = useStepUp();
  const { ask, dialog: confirmation } = useConfirm();
  const act = useMutation({
    mutationFn: (what: "approve" | "reject" | "cancel") => {
      const call = () =>
        apiFetch<{ batch: RefundBatchView }>(`/api/refund-batches/${batch.id}/${what}`, {
          method: "POST",
          json: what === "cancel" ? {} : { comment },
        });
      return what === "cancel" ? call() : withStepUp(call);
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: ["refund-batches", batch.id] }),
  });
  const deciding = may.decide && !may.own && batch.status === "awaiting_approval";
  const cancelling = may.cancel && OPEN.includes(batch.status);
  if (!deciding && !cancelling) return null;
  return (
    <div className="space-y-2">
      {deciding && (
        <div className="space-y-2">
          <label className="block text-sm font-medium">
            {t("batch.comment")}
            <textarea
              className="mt-1 block w-full max-w-lg rounded-md border border-slate-300 px-2 py-1.5"
              rows={2}
              maxLength={500}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
            />
          </label>
          <div className="flex gap-2">
            <Button disabled={act.isPending || !comment.trim()} onClick={() => act.mutate("approve")}>
              {t("batch.approve")}
            </Button>
            <Button variant="danger" disabled={act.isPending || !comment.trim()} onClick={() => act.mutate("reject")}>
              {t("batch.reject")}
            </Button>
          </div>
        </div>
      )}
      {cancelling && (
        <Button
          variant="danger"
          disabled={act.isPending}
          onClick={() =>
            ask({
              title: t("batch.cancelConfirm"),
              confirmLabel: t("batch.cancel"),
              onConfirm: () => act.mutate("cancel"),
            })
          }
        >
          {t("batch.cancel")}
        </Button>
      )}
      {act.error && (
        <Notice tone="error" testId="batch-action-error">
          {act.error.message}
        </Notice>
      )}
      {dialog}
      {confirmation}
    </div>
  );
}
