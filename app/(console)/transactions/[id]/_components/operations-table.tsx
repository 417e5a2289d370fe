import { StatusBadge } from "@/components/status-badge";
import type { OperationView } from "@/lib/operations/view";
import { getFormat, getTranslations } from "@/lib/platform/i18n/server";
import { labelOr } from "@/lib/ledger/status-label";
import { operationMessage } from "@/lib/operations/message";
import { CardTitle } from "@/components/ui/card";
import { ScrollCard } from "@/components/ui/scroll-card";
import Link from "next/link";
import { CardTable } from "@/components/ui/card-table";

/** The console's own captures, refunds and cancels on this charge, newest first. */
export async function OperationsTable({ operations }: { operations: OperationView[] }) {
  const [t, to, tc, tx, f, tb] = await Promise.all([
    getTranslations("transactions.operations"),
    getTranslations("operations"),
    getTranslations("paymentErrors"),
    getTranslations("transactions"),
    getFormat(),
    getTranslations("refundBatches"),
  ]);
  return (
    <ScrollCard label={t("title")}>
      <CardTitle>{t("title")}</CardTitle>
      <CardTable className="mt-2 w-full text-sm" data-testid="operations">
        <thead className="text-left text-xs uppercase tracking-wide text-slate-500">
          <tr>
            <th className="py-1.5 font-medium">{t("when")}</th>
            <th className="font-medium">{t("what")}</th>
            <th className="text-right font-medium">{t("amount")}</th>
            <th className="pl-4 font-medium">{t("status")}</th>
            <th className="font-medium">{t("by")}</th>
          </tr>
        </thead>
        <tbody>
          {operations.map((op) => (
            <tr key={op.id} className="border-t border-slate-100 align-top" data-status={op.status}>
              <td className="w-40 py-2 text-slate-600">{f.dateTime(op.createdAt)}</td>
              <td>
                <div className="capitalize">
                  {labelOr(tx, `types.${op.kind}`, op.kind)}
                  {op.lastCapture ? t("last") : op.multiCapture ? t("moreToFollow") : ""}
                </div>
                <div className="font-mono text-xs text-slate-500">{op.reference}</div>
                {op.batchId && (
                  <Link
                    className="text-xs text-brand-600 hover:underline"
                    href={`/refund-batches/${op.batchId}`}
                    data-testid="operation-batch"
                  >
                    {tb("batch.inBatch", { id: op.batchId.slice(0, 8) })}
                  </Link>
                )}
                {op.reason && (
                  <div className="text-xs text-slate-600">
                    {labelOr(to, `reasons.${op.reason}`, op.reason)}
                    {op.note ? `: ${op.note}` : ""}
                  </div>
                )}
                {op.shipping && (
                  <div className="text-xs text-slate-600">
                    {t("shippedWith", {
                      shipping: [op.shipping.vendor, op.shipping.tracking].filter(Boolean).join(" · "),
                    })}
                  </div>
                )}
              </td>
              <td className="text-right tabular-nums">{f.money(op.amount, op.currency)}</td>
              <td className="max-w-xs pl-4">
                <StatusBadge status={op.status} />
                {op.status !== "succeeded" && (
                  <p className="mt-1 text-xs text-slate-600" data-testid="operation-message">
                    {operationMessage({ operations: to, paymentErrors: tc }, f, op)}
                  </p>
                )}
              </td>
              <td className="text-xs text-slate-600">
                {op.requestedBy}
                {op.decidedBy && (
                  <div>{t(op.status === "rejected" ? "rejectedBy" : "approvedBy", { by: op.decidedBy })}</div>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </CardTable>
    </ScrollCard>
  );
}
