import { StatusBadge } from "@/components/status-badge";
import { formatDateTime } from "@/lib/format";
import { formatMoney } from "@/lib/money";
import type { OperationView } from "@/lib/operations/view";
import { REFUND_REASONS } from "@/lib/operations/labels";

/** The console's own captures, refunds and cancels on this charge, newest first. */
export function OperationsTable({ operations }: { operations: OperationView[] }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 className="font-semibold">Operations from this console</h2>
      <table className="mt-2 w-full text-sm" data-testid="operations">
        <thead className="text-left text-xs uppercase tracking-wide text-slate-500">
          <tr>
            <th className="py-1.5 font-medium">When</th>
            <th className="font-medium">What</th>
            <th className="text-right font-medium">Amount</th>
            <th className="pl-4 font-medium">Status</th>
            <th className="font-medium">By</th>
          </tr>
        </thead>
        <tbody>
          {operations.map((op) => (
            <tr key={op.id} className="border-t border-slate-100 align-top" data-status={op.status}>
              <td className="w-40 py-2 text-slate-600">{formatDateTime(op.createdAt)}</td>
              <td>
                <div className="capitalize">
                  {op.kind}
                  {op.lastCapture ? " (last)" : op.multiCapture ? " (more to follow)" : ""}
                </div>
                <div className="font-mono text-xs text-slate-500">{op.reference}</div>
                {op.reason && (
                  <div className="text-xs text-slate-600">
                    {REFUND_REASONS[op.reason as keyof typeof REFUND_REASONS] ?? op.reason}
                    {op.note ? `: ${op.note}` : ""}
                  </div>
                )}
                {op.shipping && (
                  <div className="text-xs text-slate-600">
                    Shipped with {[op.shipping.vendor, op.shipping.tracking].filter(Boolean).join(" · ")}
                  </div>
                )}
              </td>
              <td className="text-right tabular-nums">{formatMoney(op.amount, op.currency)}</td>
              <td className="max-w-xs pl-4">
                <StatusBadge status={op.status} />
                {op.status !== "succeeded" && (
                  <p className="mt-1 text-xs text-slate-600" data-testid="operation-message">
                    {op.message}
                  </p>
                )}
              </td>
              <td className="text-xs text-slate-600">
                {op.requestedBy}
                {op.decidedBy && (
                  <div>
                    {op.status === "rejected" ? "rejected" : "approved"} by {op.decidedBy}
                  </div>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
