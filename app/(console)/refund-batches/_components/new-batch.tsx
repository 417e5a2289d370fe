"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter, useSearchParams } from "next/navigation";
import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { apiFetch } from "@/lib/platform/api/client";
import { useTranslations } from "@/lib/platform/i18n/client";
import { REFUND_REASONS, type RefundReason } from "@/lib/operations/labels";
import type { RefundBatchPreview } from "@/lib/refund-batches/columns";
import type { RefundBatchView } from "@/lib/refund-batches/view-types";
import { Button, buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { PreviewTable } from "./preview-table";
import { takeSelection } from "./selection-store";

/** What the server is asked: the selected rows with one reason, or a file as it is. */
type Ask =
  | { kind: "selection"; ids: string[]; reason: RefundReason; note: string }
  | { kind: "csv"; name: string; text: string };

function send(ask: Ask, dryRun: boolean, skipProblems = false) {
  if (ask.kind === "selection")
    return apiFetch<unknown>(`/api/refund-batches${dryRun ? "?dryRun=1" : ""}`, {
      method: "POST",
      json: {
        ids: ask.ids,
        reason: ask.reason,
        ...(ask.note ? { note: ask.note } : {}),
        ...(dryRun ? {} : { skipProblems }),
      },
    });
  const query = new URLSearchParams(
    dryRun ? { dryRun: "1" } : { fileName: ask.name, skipProblems: skipProblems ? "1" : "0" },
  );
  return apiFetch<unknown>(`/api/refund-batches/csv?${query}`, {
    method: "POST",
    body: ask.text,
    headers: { "Content-Type": "text/csv" },
  });
}

/**
 * A new batch: rows selected on the transactions list (`?from=selection`) or a CSV file →
 * the preview (every problem on its row, nothing stored) → the batch, stored whole, whose page
 * follows its progress.
 */
export function NewBatch() {
  const t = useTranslations("refundBatches");
  const to = useTranslations("operations");
  const router = useRouter();
  const fromSelection = useSearchParams().get("from") === "selection";
  const [ids, setIds] = useState<string[]>([]);
  const [reason, setReason] = useState<RefundReason>("consumer_requested");
  const [note, setNote] = useState("");
  const [checked, setChecked] = useState<{ ask: Ask; preview: RefundBatchPreview } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (fromSelection) setIds(takeSelection());
  }, [fromSelection]);

  const check = useMutation({
    mutationFn: async (ask: Ask) => ({ ask, preview: (await send(ask, true)) as RefundBatchPreview }),
    onMutate: () => {
      setChecked(null);
      setError(null);
    },
    onSuccess: setChecked,
    onError: (e) => setError(e.message),
  });
  const create = useMutation({
    mutationFn: ({ ask, skip }: { ask: Ask; skip: boolean }) =>
      send(ask, false, skip) as Promise<{ batch: RefundBatchView }>,
    onSuccess: ({ batch }) => router.push(`/refund-batches/${batch.id}`),
    onError: (e) => setError(e.message),
  });
  // A double click is one batch: the second click comes before the button is disabled.
  const creating = useRef(false);
  const make = (ask: Ask, skip: boolean) => {
    if (creating.current) return;
    creating.current = true;
    create.mutate({ ask, skip }, { onSettled: () => (creating.current = false) });
  };
  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = "";
    if (file) check.mutate({ kind: "csv", name: file.name, text: await file.text() });
  };
  const busy = check.isPending || create.isPending;
  const preview = checked?.preview;
  const ready = preview ? preview.rows.length - preview.problems : 0;

  return (
    <div className="space-y-4">
      <Card>
        {fromSelection ? (
          <form
            method="post"
            className="space-y-3"
            onSubmit={(e) => {
              e.preventDefault();
              check.mutate({ kind: "selection", ids, reason, note: note.trim() });
            }}
          >
            <p className="text-sm text-slate-600">
              {t("selectionTitle", { count: ids.length })}. {t("selectionDescription")}
            </p>
            <label className="block text-sm font-medium">
              {t("reasonLabel")}
              <select
                className="mt-1 block rounded-md border border-slate-300 px-2 py-1.5"
                value={reason}
                onChange={(e) => setReason(e.target.value as RefundReason)}
              >
                {(Object.keys(REFUND_REASONS) as RefundReason[]).map((k) => (
                  <option key={k} value={k}>
                    {to(`reasons.${k}`)}
                  </option>
                ))}
              </select>
            </label>
            <label className="block text-sm font-medium">
              {t("noteLabel")}
              <input
                className="mt-1 block w-full max-w-md rounded-md border border-slate-300 px-2 py-1.5"
                value={note}
                maxLength={200}
                onChange={(e) => setNote(e.target.value)}
              />
            </label>
            <Button type="submit" disabled={busy || ids.length === 0}>
              {check.isPending ? t("checking") : t("checkSelection")}
            </Button>
          </form>
        ) : (
          <div className="flex flex-wrap items-center gap-3">
            <a href="/api/refund-batches/template.csv" download className={buttonClass("secondary")}>
              {t("template")}
            </a>
            <label className={buttonClass("secondary", "cursor-pointer focus-within:outline-2")}>
              {check.isPending ? t("checking") : t("check")}
              <input
                type="file"
                accept=".csv,text/csv"
                className="sr-only"
                aria-label={t("file")}
                disabled={busy}
                onChange={(e) => void onFile(e)}
              />
            </label>
          </div>
        )}
      </Card>
      {error && (
        <Notice tone="error" testId="batch-error">
          {error}
        </Notice>
      )}
      {checked && preview && (
        <Card className="space-y-3">
          <PreviewTable preview={preview} />
          {ready > 0 && (
            <Button disabled={busy} onClick={() => make(checked.ask, preview.problems > 0)}>
              {preview.problems ? t("preview.createSkipping") : t("preview.create")}
            </Button>
          )}
        </Card>
      )}
    </div>
  );
}
