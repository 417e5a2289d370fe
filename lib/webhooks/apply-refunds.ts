import type pg from "pg";
import { said, moveForward, event, insertRefund, known, lockRow, setStatus } from "@/lib/ledger";
import { parseApiTime } from "@/lib/upi";
import { settleRefundHeard } from "@/lib/operations";
import { int, notificationPayload, type Outcome, raiseRefunded } from "./ledger-rows";
import type { Values } from "./verify";

const REFUND_STATUS: Record<string, string> = {
  success: "succeeded",
  succeeded: "succeeded",
  fail: "failed",
  failed: "failed",
  pending: "pending",
};

export async function applyRefund(client: pg.PoolClient, v: Values, notificationId: string): Promise<Outcome> {
  const status = REFUND_STATUS[v.status!.toLowerCase()];
  if (!status) return { state: "unchanged", detail: `Unknown refund status “${v.status}”: recorded, not applied.` };
  const parentId = v.parent_id || null;
  // The charge before its refund: the order every writer of the ledger takes (lock-order.test.ts).
  if (parentId) await lockRow(client, parentId);
  let row = await lockRow(client, v.id!);
  let outcome: Outcome | null = null;
  if (!row) {
    const inserted = await insertRefund(client, {
      id: v.id!,
      reference: v.reference || null,
      parentId,
      status,
      amount: int(v.amount) ?? 0n,
      currency: v.currency || "",
      method: v.payment_method || null,
      timeCreated: parseApiTime(v.time_created) ?? new Date(),
      payload: JSON.stringify(notificationPayload(v)),
    });
    if (inserted) {
      await event(client, v.id!, said("refundHeard", { status: v.status ?? "" }), notificationId);
      outcome = { state: "applied", detail: `Refund added to the ledger as ${status}.` };
    } else row = (await lockRow(client, v.id!))!;
  }
  if (!outcome && moveForward(known(row!), { status }, false).forward) {
    await setStatus(client, v.id!, status);
    await event(
      client,
      v.id!,
      said("refundMoved", { status: v.status ?? "", from: row!.status, to: status }),
      notificationId,
    );
    outcome = { state: "applied", detail: `Status ${row!.status} → ${status}.` };
  }
  outcome ??=
    row!.status === status
      ? { state: "unchanged", detail: `Already ${status}.` }
      : { state: "stale", detail: `Ignored: the refund is already ${row!.status}.` };
  if (parentId)
    await raiseRefunded(client, [
      { id: parentId, notificationId, summary: said("refundOfCharge", { id: v.id ?? "", status: v.status ?? "" }) },
    ]);
  const unsettled =
    v.reference && (status === "succeeded" || status === "failed")
      ? await settleRefundHeard(client, {
          reference: v.reference,
          status,
          refundId: v.id!,
          parentId,
          amount: int(v.amount)?.toString() ?? null,
          currency: v.currency ?? "",
        })
      : null;
  return unsettled ? { ...outcome, detail: `${outcome.detail} ${unsettled}` } : outcome;
}
