import "server-only";
import { db } from "@/lib/platform/db";
import type { ChargeFacts, Resolution } from "./check";

type ChargeRow = {
  id: string;
  reference: string | null;
  type: string;
  status: string;
  currency: string;
  amount: bigint;
  captured: bigint;
};

const OPEN_BATCH = `b.status IN ('draft', 'awaiting_approval', 'approved', 'sending') AND r.operation_id IS NULL AND r.status IN ('pending', 'sent')`;

type Earlier = { id: string; amount: number; reference: string };
function groupBy(rows: Earlier[]) {
  const out = new Map<string, Earlier[]>();
  for (const r of rows) out.set(r.id, [...(out.get(r.id) ?? []), r]);
  return out;
}

export async function resolveCharges(givens: string[]): Promise<(given: string) => Resolution> {
  const wanted = [...new Set(givens.map((g) => g.trim()).filter(Boolean))];
  const found = await db.$queryRaw<ChargeRow[]>`
    SELECT id, reference, type, status, currency, amount, coalesce(amount_captured, 0) AS captured FROM ledger_transactions
     WHERE id = ANY(${wanted}) OR (reference = ANY(${wanted}) AND type = 'charge')`;
  const charges = found.filter((c) => c.type === "charge").map((c) => c.id);
  const [rooms, held, earlier, batched] = await Promise.all([
    db.$queryRaw<{ id: string; room: bigint; refunded: bigint }[]>`
      SELECT t.id, operation_room(t.id, 'refund'::"OperationKind", NULL) AS room,
             coalesce(t.amount_refunded, 0) AS refunded
        FROM ledger_transactions t WHERE t.id = ANY(${charges})`,
    db.$queryRaw<{ id: string; sum: bigint }[]>`
      SELECT transaction_id AS id, sum(amount) AS sum FROM operations
       WHERE transaction_id = ANY(${charges}) AND kind = 'refund'
         AND (status IN ('pending_approval', 'pending', 'unknown') OR (status = 'succeeded' AND NOT ledger_applied))
       GROUP BY transaction_id`,
    db.$queryRaw<{ id: string; amount: bigint; reference: string }[]>`
      SELECT transaction_id AS id, amount, reference FROM operations
       WHERE transaction_id = ANY(${charges}) AND kind = 'refund'
         AND status IN ('pending_approval', 'pending', 'unknown', 'succeeded')
       ORDER BY created_at`,
    db.$queryRawUnsafe<{ id: string; amount: bigint; batch: string; row: number }[]>(
      `SELECT r.transaction_id AS id, r.amount, b.id::text AS batch, r.row_index AS row
         FROM refund_batch_rows r JOIN refund_batches b ON b.id = r.batch_id
        WHERE r.transaction_id = ANY($1) AND ${OPEN_BATCH}`,
      charges,
    ),
  ]);
  const roomOf = new Map(rooms.map((r) => [r.id, r]));
  const heldOf = new Map(held.map((h) => [h.id, Number(h.sum)]));
  const earlierOf = groupBy(earlier.map((e) => ({ id: e.id, amount: Number(e.amount), reference: e.reference })));
  const waitingOf = groupBy(
    batched.map((b) => ({
      id: b.id,
      amount: Number(b.amount),
      reference: `batch ${b.batch.slice(0, 8)} row ${b.row}`,
    })),
  );
  const facts = new Map<string, ChargeFacts>();
  for (const c of found) {
    const room = roomOf.get(c.id);
    const waiting = waitingOf.get(c.id) ?? [];
    const inBatches = waiting.reduce((n, b) => n + b.amount, 0);
    facts.set(c.id, {
      id: c.id,
      type: c.type,
      currency: c.currency,
      amount: Number(c.amount),
      authorizedOnly: c.status === "authorized" && Number(c.captured) === 0,
      left: Math.max(0, Number(room?.room ?? 0) - inBatches),
      counted: Number(room?.refunded ?? 0) + (heldOf.get(c.id) ?? 0) + inBatches,
      earlier: [...(earlierOf.get(c.id) ?? []), ...waiting],
    });
  }
  const byReference = new Map<string, string[]>();
  for (const c of found)
    if (c.type === "charge" && c.reference)
      byReference.set(c.reference, [...(byReference.get(c.reference) ?? []), c.id]);

  return (given) => {
    const byId = facts.get(given);
    if (byId) return { charge: byId };
    const ids = byReference.get(given) ?? [];
    if (ids.length > 1) return { missing: "ambiguous" };
    return ids.length ? { charge: facts.get(ids[0]!)! } : { missing: "notFound" };
  };
}
