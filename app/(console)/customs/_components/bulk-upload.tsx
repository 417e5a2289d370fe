"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type ChangeEvent } from "react";
import { apiFetch } from "@/lib/api/client";
import { Notice } from "@/components/ui/notice";

type Report = {
  rows: { line: number; reference: string; ok: boolean; problems: string[]; declarationId?: string }[];
  sent: number;
  refused: number;
};

/** Declares many orders from a CSV file: every row checked first, only valid orders sent. */
export function BulkUpload() {
  const router = useRouter();
  const [report, setReport] = useState<Report | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: async (file: File) =>
      apiFetch<Report>("/api/customs/bulk", {
        method: "POST",
        body: await file.text(),
        headers: { "Content-Type": "text/csv", "Idempotency-Key": crypto.randomUUID() },
      }),
    onSuccess: (r) => {
      setReport(r);
      setError(null);
      router.refresh();
    },
    onError: (e) => setError(e.message),
  });
  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (file) upload.mutate(file);
    e.target.value = "";
  };
  return (
    <details className="rounded-xl border border-slate-200 bg-white p-4">
      <summary className="cursor-pointer font-semibold">Declare many orders from a CSV file</summary>
      <p className="mt-2 text-sm text-slate-600">
        Columns:{" "}
        <code>
          reference, vendor, payment_type, customs_location, sub_order_no, order_fee, transport_fee, product_fee, duty,
          buyer_name, id_number
        </code>
        . Amounts in CNY (e.g. 120.50). Rows with the same reference and a sub_order_no form one split order. The
        merchant customs code and name come from Settings.
      </p>
      <label className="mt-3 inline-flex cursor-pointer items-center rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-50">
        {upload.isPending ? "Checking and sending…" : "Choose a CSV file"}
        <input
          type="file"
          accept=".csv,text/csv"
          className="sr-only"
          onChange={onFile}
          disabled={upload.isPending}
          aria-label="CSV file of declarations"
        />
      </label>
      {error && (
        <div className="mt-3">
          <Notice tone="error">{error}</Notice>
        </div>
      )}
      {report && (
        <div className="mt-3 space-y-2" data-testid="bulk-report">
          <Notice tone={report.refused ? "warning" : "success"}>
            {report.sent} order{report.sent === 1 ? "" : "s"} sent; {report.refused} row
            {report.refused === 1 ? "" : "s"} refused and not sent.
          </Notice>
          <table className="w-full text-sm">
            <tbody>
              {report.rows.map((r) => (
                <tr key={r.line} className="border-t border-slate-100 align-top" data-testid="bulk-row">
                  <td className="py-1 pr-3 text-slate-500">line {r.line}</td>
                  <td className="pr-3">{r.reference}</td>
                  <td className={r.ok ? "text-emerald-700" : "text-red-700"}>{r.ok ? "sent" : r.problems.join(" ")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </details>
  );
}
