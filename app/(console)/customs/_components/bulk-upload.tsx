"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState, type ChangeEvent } from "react";
import { ApiClientError, apiFetch } from "@/lib/platform/api/client";
import { declarationList } from "@/lib/declarations/search-params";
import type { BulkOutcome, BulkPreview } from "@/lib/declarations/bulk-columns";
import { Button, buttonClass } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { useTranslations } from "@/lib/platform/i18n/client";
import { BulkOutcomeTable, BulkPreviewTable } from "./bulk-preview";
import { Card } from "@/components/ui/card";

type Chosen = { name: string; text: string; preview: BulkPreview };

const send = (text: string, dryRun: boolean) =>
  apiFetch<BulkPreview & BulkOutcome>(`/api/customs/bulk${dryRun ? "?dryRun=1" : ""}`, {
    method: "POST",
    body: text,
    headers: { "Content-Type": "text/csv" },
  });

/**
 * Declares many orders from a CSV file: choose → preview (every problem of every row, nothing
 * sent) → confirm (the server checks the whole file again and sends it only when it has no
 * problem) → what was done per row. `blocked`: Settings lacks the merchant's customs code or name.
 */
export function BulkUpload({ blocked = false }: { blocked?: boolean }) {
  const t = useTranslations("customs");
  const client = useQueryClient();
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [error, setError] = useState<string | null>(null);
  const check = useMutation({
    mutationFn: async (file: File) => {
      const text = await file.text();
      return { name: file.name, text, preview: await send(text, true) };
    },
    onMutate: () => {
      setChosen(null);
      setError(null);
      confirm.reset();
    },
    onSuccess: setChosen,
    onError: (e) => setError(e.message),
  });
  const confirm = useMutation({
    mutationFn: (text: string) => send(text, false) as Promise<BulkOutcome>,
    // The list beside it shows the new declarations: its query refetches, the page is not rendered again.
    onSuccess: () => void client.invalidateQueries({ queryKey: declarationList.key }),
    onError: (e) => {
      // The file changed its standing since the preview (a payment gone, a rule): show why.
      const preview = e instanceof ApiClientError ? (e.details?.preview as BulkPreview | undefined) : undefined;
      if (preview && chosen) setChosen({ ...chosen, preview });
      setError(e.message);
    },
  });
  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (file) check.mutate(file);
    e.target.value = "";
  };
  const outcome = confirm.data;
  // A double click is one request: the second click comes before the button is disabled.
  const sending = useRef(false);
  const declare = (text: string) => {
    if (sending.current) return;
    sending.current = true;
    confirm.mutate(text, { onSettled: () => (sending.current = false) });
  };
  return (
    <Card as="details">
      <summary className="cursor-pointer font-semibold">{t("bulk.summary")}</summary>
      <p className="mt-2 text-sm text-slate-600">{t("bulk.intro")}</p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <a href="/api/customs/bulk/template" download className={buttonClass("secondary")} data-testid="bulk-template">
          {t("bulk.template")}
        </a>
        <label
          className={buttonClass("secondary", "cursor-pointer focus-within:outline-2 focus-within:outline-brand-900")}
        >
          {check.isPending ? t("bulk.checking") : chosen ? t("bulk.chooseAnother") : t("bulk.choose")}
          <input
            type="file"
            accept=".csv,text/csv"
            className="sr-only"
            onChange={onFile}
            // Without the merchant's customs code and name every file would be refused: the notice above says why.
            disabled={blocked || check.isPending || confirm.isPending}
            aria-label={t("bulk.fileLabel")}
          />
        </label>
      </div>
      {error && (
        <div className="mt-3">
          <Notice tone="error" testId="bulk-error">
            {error}
          </Notice>
        </div>
      )}
      {chosen && !outcome && (
        <Checked
          chosen={chosen}
          confirming={confirm.isPending}
          onConfirm={() => declare(chosen.text)}
          onCancel={() => setChosen(null)}
        />
      )}
      {outcome && (
        <div className="mt-3 space-y-2">
          <Notice tone={outcome.refused ? "warning" : "success"} testId="bulk-outcome-summary">
            {t("bulk.declared", { orders: outcome.sent })}
            {outcome.refused ? t("bulk.refused", { rows: outcome.refused }) : ""}.
          </Notice>
          <BulkOutcomeTable outcome={outcome} />
        </div>
      )}
    </Card>
  );
}

function Checked({
  chosen: { name, preview },
  confirming,
  onConfirm,
  onCancel,
}: {
  chosen: Chosen;
  confirming: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const t = useTranslations("customs");
  const rowsWithProblems = preview.rows.filter((r) => r.problems.length).length;
  const toDeclare = preview.orderCount - (preview.declaredCount ?? 0);
  return (
    <div className="mt-3 space-y-3">
      <Notice tone={preview.problems ? "error" : "info"} testId="bulk-summary">
        {t("bulk.read", { name, rows: preview.rows.length, orders: preview.orderCount })}{" "}
        {preview.problems
          ? t("bulk.problems", { problems: preview.problems, rows: rowsWithProblems })
          : t("bulk.noProblems")}
        {preview.declaredCount > 0 && ` ${t("bulk.someDeclared", { count: preview.declaredCount })}`}
      </Notice>
      <BulkPreviewTable preview={preview} />
      {preview.problems === 0 && (
        <div className="flex gap-2">
          {/* The server's per-order keys make a second request harmless too. */}
          {toDeclare > 0 && (
            <Button disabled={confirming} onClick={onConfirm}>
              {confirming ? t("bulk.declaring") : t("bulk.declareOrders", { orders: toDeclare })}
            </Button>
          )}
          <Button variant="secondary" disabled={confirming} onClick={onCancel}>
            {t("bulk.cancel")}
          </Button>
        </div>
      )}
    </div>
  );
}
