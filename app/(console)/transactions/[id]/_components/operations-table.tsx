import { StatusBadge } from "@/components/records/ledger/status-badge";
import { StaticTable } from "@/components/data-table/static-table";
import type { OperationView } from "@/lib/operations/view";
import { getFormat, getTranslations } from "@/lib/platform/i18n/server";
import { labelOr } from "@/lib/ledger/status-label";
import { operationMessage } from "@/lib/operations/message";
import { CardTitle } from "@/components/ui/card";
import { ScrollCard } from "@/components/ui/scroll-card";
import Link from "next/link";

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
      <StaticTable
        testId="operations"
        rows={operations}
        rowKey={(op) => op.id}
        rowProps={(op) => ({ "data-status": op.status })}
        columns={[
          { header: t("when"), className: "w-40 text-slate-600", cell: (op) => f.dateTime(op.createdAt) },
          {
            header: t("what"),
            cell: (op) => (
              <>
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
              </>
            ),
          },
          { header: t("amount"), numeric: true, cell: (op) => f.money(op.amount, op.currency) },
          {
            header: t("status"),
            className: "max-w-xs",
            cell: (op) => (
              <>
                <StatusBadge status={op.status} />
                {op.status !== "succeeded" && (
                  <p className="mt-1 text-xs text-slate-600" data-testid="operation-message">
                    {operationMessage({ operations: to, paymentErrors: tc }, f, op)}
                  </p>
                )}
              </>
            ),
          },
          {
            header: t("by"),
            className: "text-xs text-slate-600",
            cell: (op) => (
              <>
                {op.requestedBy}
                {op.decidedBy && (
                  <div>{t(op.status === "rejected" ? "rejectedBy" : "approvedBy", { by: op.decidedBy })}</div>
                )}
              </>
            ),
          },
        ]}
      />
    </ScrollCard>
  );
}
