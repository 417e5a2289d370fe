"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useRef, useState, type ChangeEvent } from "react";
import { ApiClientError, apiFetch } from "@/lib/api/client";
import type { BulkOutcome, BulkPreview } from "@/lib/declarations/bulk-columns";
import { Button, buttonClass } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { BulkOutcomeTable, BulkPreviewTable } from "./bulk-preview";

type Chosen = { name: string; text: string; preview: BulkPreview };

const send = (text: string, dryRun: boolean) =>
  apiFetch<BulkPreview & BulkOutcome>(`/api/customs/bulk${dryRun ? "?dryRun=1" : ""}`, {
    method: "POST",
    body: text,
    headers: { "Content-Type": "text/csv" },
  });
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

/**
 * Declares many orders from a CSV file: choose → preview (every problem of every row, nothing
 * sent) → confirm (the server checks the whole file again and sends it only when it has no
 * problem) → what was done per row.
 */
export function BulkUpload() {
  const router = useRouter();
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
    onSuccess: () => router.refresh(),
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
    <details className="rounded-xl border border-slate-200 bg-white p-4">
      <summary className="cursor-pointer font-semibold">Declare many orders from a CSV file</summary>
      <p className="mt-2 text-sm text-slate-600">
        Start from the template: one row per order, or one row per sub-order with the same reference and a sub_order_no.
        Amounts in CNY (e.g. 120.50). The merchant customs code and name come from Settings. Nothing is sent until you
        have seen every row and confirmed.
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <a href="/api/customs/bulk/template" download className={buttonClass("secondary")} data-testid="bulk-template">
          Download the CSV template
        </a>
        <label
          className={buttonClass("secondary", "cursor-pointer focus-within:outline-2 focus-within:outline-brand-900")}
        >
          {check.isPending ? "Checking…" : chosen ? "Choose another file" : "Choose a CSV file"}
          <input
            type="file"
            accept=".csv,text/csv"
            className="sr-only"
            onChange={onFile}
            disabled={check.isPending || confirm.isPending}
            aria-label="CSV file of declarations"
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
            {plural(outcome.sent, "order")} declared
            {outcome.refused ? `; ${plural(outcome.refused, "row")} refused (see below)` : ""}.
          </Notice>
          <BulkOutcomeTable outcome={outcome} />
        </div>
      )}
    </details>
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
  const rowsWithProblems = preview.rows.filter((r) => r.problems.length).length;
  return (
    <div className="mt-3 space-y-3">
      <Notice tone={preview.problems ? "error" : "info"} testId="bulk-summary">
        {name}: {plural(preview.rows.length, "row")}, {plural(preview.orderCount, "order")}.{" "}
        {preview.problems
          ? `${plural(preview.problems, "problem")} in ${plural(rowsWithProblems, "row")} — nothing was sent. Fix the file and choose it again.`
          : "No problems. Nothing is sent until you confirm."}
      </Notice>
      <BulkPreviewTable preview={preview} />
      {preview.problems === 0 && (
        <div className="flex gap-2">
          {/* The server's per-order keys make a second request harmless too. */}
          <Button disabled={confirming} onClick={onConfirm}>
            {confirming ? "Declaring…" : `Declare ${plural(preview.orderCount, "order")}`}
          </Button>
          <Button variant="secondary" disabled={confirming} onClick={onCancel}>
            Cancel
          </Button>
        </div>
      )}
    </div>
  );
}
