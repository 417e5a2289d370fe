"use client";

import { useFormat, useTranslations } from "@/lib/platform/i18n/client";
import { type AnyTranslator, translateMessage } from "@/lib/platform/keyed";
import type { RefundBatchPreview } from "@/lib/refund-batches/columns";
import { Notice } from "@/components/ui/notice";
import { CardTable } from "@/components/ui/card-table";
import { labelOr } from "@/lib/ledger/status-label";

const cell = "px-2 py-1.5 align-top";

/** What a batch would do, row by row, before anything is stored or sent. */
export function PreviewTable({ preview }: { preview: RefundBatchPreview }) {
  const t = useTranslations("refundBatches");
  const reasons = useTranslations("operations.reasons");
  const all = useTranslations() as unknown as AnyTranslator;
  const f = useFormat();
  const totals = Object.entries(preview.totals)
    .map(([currency, amount]) => f.money(amount, currency))
    .join(" · ");
  return (
    <div className="space-y-3">
      <Notice tone={preview.problems ? "error" : "info"} testId="batch-preview-summary">
        {t("preview.rows", { count: preview.rows.length })} · {t("preview.problems", { count: preview.problems })} ·{" "}
        {t("preview.managerRows", { count: preview.managerRows })}
        {totals ? ` · ${t("preview.total")} ${totals}` : ""}
      </Notice>
      {preview.thresholdOver.length > 0 && (
        <Notice tone="warning" testId="batch-preview-manager">
          {t("preview.batchManager", { currencies: preview.thresholdOver.join(", ") })}
        </Notice>
      )}
      {preview.thresholdUnset.length > 0 && (
        <Notice tone="warning" testId="batch-preview-no-threshold">
          {t("preview.batchNoThreshold", { currencies: preview.thresholdUnset.join(", ") })}
        </Notice>
      )}
      <div className="max-h-[28rem] overflow-auto rounded-lg border border-slate-200">
        <CardTable className="w-full text-sm" data-testid="batch-preview">
          <thead className="sticky top-0 bg-slate-50 text-left text-xs font-medium text-slate-600">
            <tr>
              <th scope="col" className={cell}>
                {t("preview.row")}
              </th>
              <th scope="col" className={cell}>
                {t("preview.charge")}
              </th>
              <th scope="col" className={`${cell} text-right`}>
                {t("preview.amount")}
              </th>
              <th scope="col" className={cell}>
                {t("preview.reason")}
              </th>
              <th scope="col" className={cell}>
                {t("preview.status")}
              </th>
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((r) => (
              <tr
                key={r.index}
                className="border-t border-slate-100"
                data-testid="batch-preview-row"
                data-problems={r.problems.length}
              >
                <td className={`${cell} tabular-nums`}>{r.index}</td>
                <td className={`${cell} font-mono text-xs`}>
                  {r.given}
                  {r.transactionId && r.transactionId !== r.given && (
                    <div className="text-slate-500">{r.transactionId}</div>
                  )}
                </td>
                <td className={`${cell} text-right tabular-nums`}>
                  {r.amount !== null && r.currency ? f.money(r.amount, r.currency) : ""}
                </td>
                <td className={cell} data-testid="batch-preview-reason">
                  {r.reason ? labelOr(reasons, r.reason, r.reason) : ""}
                </td>
                <td className={cell} data-testid="batch-preview-status">
                  {r.problems.length ? (
                    <ul className="space-y-0.5 text-red-700">
                      {r.problems.map((p) => (
                        <li key={`${p.column}-${p.message}`} data-testid="batch-preview-problem">
                          {p.column ? <span className="font-mono text-xs">{p.column}: </span> : null}
                          {translateMessage(all, p.message)}
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <span className="text-slate-600">{r.needsManager ? t("preview.manager") : t("preview.ok")}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </CardTable>
      </div>
    </div>
  );
}
