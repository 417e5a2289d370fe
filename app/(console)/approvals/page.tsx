import type { Metadata } from "next";
import Link from "next/link";
import { requirePageUser } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { formatDateTime } from "@/lib/format";
import { formatMoney, minorToNumber } from "@/lib/money";
import { listOperations } from "@/lib/operations/view";
import { operationRoom } from "@/lib/operations/room";
import { REFUND_REASONS } from "@/lib/operations/labels";
import { StatusBadge } from "@/components/status-badge";
import { DecisionForm } from "./_components/decision-form-lazy";

export const metadata: Metadata = { title: "Approvals" };

export default async function ApprovalsPage() {
  const user = await requirePageUser("refunds.approve");
  const pending = await listOperations({ status: "pending_approval" }, 200);
  const charges = new Map(
    (await db.ledgerTransaction.findMany({ where: { id: { in: pending.map((p) => p.transactionId) } } })).map((c) => [
      c.id,
      c,
    ]),
  );
  const rooms = new Map(
    await Promise.all(pending.map(async (p) => [p.id, (await operationRoom(p.transactionId, p.id)).refund] as const)),
  );
  const decided = await db.operation.findMany({
    where: { decidedAt: { not: null } },
    orderBy: { decidedAt: "desc" },
    take: 20,
  });

  return (
    <div className="max-w-5xl space-y-5">
      <div>
        <h1 className="text-2xl font-semibold">Approvals</h1>
        <p className="mt-1 text-slate-600">
          Refunds above the approval threshold wait here. Someone other than the requester approves or rejects each,
          with a comment; the amount is checked again on approval.
        </p>
      </div>

      {pending.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-6 text-slate-600" data-testid="no-approvals">
          Nothing is waiting for approval.
        </p>
      ) : (
        <ul className="space-y-3" data-testid="pending-approvals">
          {pending.map((op) => {
            const charge = charges.get(op.transactionId);
            const left = rooms.get(op.id) ?? 0;
            const own = op.requestedBy === user.email;
            return (
              <li key={op.id} className="rounded-xl border border-violet-200 bg-white p-4" data-testid="approval">
                <div className="flex flex-wrap items-baseline justify-between gap-3">
                  <div>
                    <div className="text-lg font-semibold tabular-nums">
                      Refund {formatMoney(op.amount, op.currency)}
                    </div>
                    <div className="text-sm text-slate-600">
                      on charge{" "}
                      <Link
                        className="font-mono text-brand-600 hover:underline"
                        href={`/transactions/${encodeURIComponent(op.transactionId)}`}
                      >
                        {op.transactionId}
                      </Link>
                      {charge && (
                        <>
                          {" "}
                          · {charge.method ?? "—"} · charged {formatMoney(Number(charge.amount), charge.currency)},
                          captured {formatMoney(minorToNumber(charge.amountCaptured), charge.currency)}, refunded{" "}
                          {formatMoney(minorToNumber(charge.amountRefunded) ?? 0, charge.currency)}
                        </>
                      )}
                    </div>
                  </div>
                  <div className="text-right text-sm text-slate-600">
                    requested by <strong>{op.requestedBy}</strong>
                    <br />
                    {formatDateTime(op.createdAt)}
                  </div>
                </div>
                <p className="mt-2 text-sm">
                  Reason:{" "}
                  <strong>{REFUND_REASONS[op.reason as keyof typeof REFUND_REASONS] ?? op.reason ?? "—"}</strong>
                  {op.note ? ` — ${op.note}` : ""}
                </p>
                {op.amount > left && (
                  <p className="mt-2 text-sm font-medium text-red-700">
                    Only {formatMoney(left, op.currency)} is left to refund now: approving will be refused.
                  </p>
                )}
                {own ? (
                  <p className="mt-3 text-sm text-slate-500">
                    You asked for this refund; another manager must decide on it.
                  </p>
                ) : (
                  <DecisionForm
                    operationId={op.id}
                    subject={`the refund of ${formatMoney(op.amount, op.currency)} on ${op.transactionId}, asked by ${op.requestedBy}`}
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}

      {decided.length > 0 && (
        <section className="rounded-xl border border-slate-200 bg-white p-4">
          <h2 className="font-semibold">Recently decided</h2>
          <table className="mt-2 w-full text-sm" data-testid="decided">
            <tbody>
              {decided.map((op) => (
                <tr key={op.id} className="border-t border-slate-100">
                  <td className="py-1.5 text-slate-600">{formatDateTime(op.decidedAt!.toISOString())}</td>
                  <td>
                    <Link
                      className="font-mono text-xs text-brand-600 hover:underline"
                      href={`/transactions/${encodeURIComponent(op.transactionId)}`}
                    >
                      {op.transactionId}
                    </Link>
                  </td>
                  <td className="text-right tabular-nums">{formatMoney(Number(op.amount), op.currency)}</td>
                  <td className="pl-4">
                    <StatusBadge status={op.status} />
                  </td>
                  <td className="text-slate-600">
                    {op.requestedByEmail} → {op.decidedByEmail}
                  </td>
                  <td className="text-slate-600">{op.decisionComment}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}
