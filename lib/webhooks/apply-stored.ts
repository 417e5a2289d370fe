import type pg from "pg";
import { applyNotification, type Decided, type Stored } from "./apply";
import { applyCharges } from "./apply-charges";
import { lockRows } from "./ledger-rows";
import { isVerified, needsCharge, needsInquiry, signedValues, type Values } from "./verify";

// Applying stored notifications, once: a transaction-scoped advisory lock per notification
// makes concurrent appliers (the job workers of every instance, the sweep, a manager's
// re-apply) take turns, and only a pending or unconfirmed one acts. Not the row's own lock:
// the intake counts replays on that row (INSERT … ON CONFLICT DO UPDATE), and a replay's
// answer must not wait for a batch to commit.

/** The sweep stops retrying a notification after this many attempts (retention then removes an unconfirmed one). */
export const MAX_APPLY_ATTEMPTS = 20;

const SELECT = "SELECT id, fields, verification, apply_state, transaction_type FROM webhook_notifications";
/** The advisory-lock space of notifications (two-key form: apart from every one-key lock). */
const LOCK_SPACE = 8231;
const LOCK = `pg_advisory_xact_lock(${LOCK_SPACE}, (id % 2147483647)::int)`;
const open = (n: Stored) => n.apply_state === "pending" || n.apply_state === "unconfirmed";

/** Whether a notification's own signed values may be applied, with no inquiry first. */
export const appliesAsSigned = (n: Pick<Stored, "verification" | "fields">) =>
  isVerified(n.verification) && !needsInquiry(n.verification, n.fields) && !needsCharge(n.fields);

async function record(client: pg.PoolClient, ids: string[], decided: Decided[]) {
  // clock_timestamp(): the moment each batch finished, not when its transaction began.
  await client.query(
    `UPDATE webhook_notifications w SET apply_state = d.state, apply_detail = d.detail, applied_at = clock_timestamp(),
       apply_attempts = w.apply_attempts + 1, parent_id = coalesce(w.parent_id, d.tied_to)
      FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[]) AS d(id, state, detail, tied_to)
     WHERE w.id = d.id`,
    [ids, decided.map((d) => d.state), decided.map((d) => d.detail), decided.map((d) => d.tiedTo)],
  );
}

/**
 * Applies one stored notification in its own transaction. `confirmed` carries what an
 * inquiry returned (lib/webhooks/confirm.ts): then every value comes from the inquiry.
 * Answers the notification's state afterwards (null when there is no such notification).
 */
export async function applyStored(pool: pg.Pool, notificationId: string, confirmed?: Values): Promise<string | null> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    await client.query(`SELECT ${LOCK} FROM (SELECT $1::bigint AS id) t`, [notificationId]);
    const n = (await client.query<Stored>(`${SELECT} WHERE id = $1`, [notificationId])).rows[0];
    if (!n || !open(n)) {
      await client.query("ROLLBACK");
      return n?.apply_state ?? null;
    }
    const decided = await applyNotification(client, n, confirmed);
    await record(client, [n.id], [decided]);
    await client.query("COMMIT");
    return decided.state;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    await pool
      .query("UPDATE webhook_notifications SET apply_attempts = apply_attempts + 1, apply_detail = $2 WHERE id = $1", [
        notificationId,
        `Apply failed: ${error instanceof Error ? error.message : String(error)}`,
      ])
      .catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/**
 * The charges a batch writes: its charges, and the parents of its refunds and captures (whose rows
 * it raises), sorted. Not a chargeback's charge: a chargeback row takes the kept report totals'
 * advisory lock, which an inquiry takes before the charge's row (lib/ledger/record.ts), so
 * holding that charge's row first would wait in a circle with it.
 */
function chargesTouched(notes: (Stored & { transaction_id: string | null })[]) {
  const ids = notes.map((n) =>
    n.transaction_type === "charge"
      ? n.transaction_id
      : n.transaction_type === "refund" || n.transaction_type === "capture"
        ? (signedValues(n.fields).parent_id as string | undefined)
        : undefined,
  );
  return [...new Set(ids.filter((id): id is string => Boolean(id)))].sort();
}

/**
 * Applies many stored notifications in one transaction — what keeps the ledger within a
 * second of the intake under a burst (one commit and one bookkeeping query for the lot
 * instead of eight round trips each). Only those whose signed values apply as they are go
 * in; the rest (an inquiry first) are answered in `later`, untouched. Ledger rows are
 * locked in the order of their transaction ids, so concurrent batches wait for each other
 * instead of deadlocking. Any failure rolls the whole batch back and answers every id in
 * `retry`: the caller applies those one at a time, where a failure stays with its own row.
 */
export async function applyBatch(
  pool: pg.Pool,
  ids: string[],
): Promise<{ applied: number; later: string[]; retry: string[]; error?: string }> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    await client.query(`SELECT ${LOCK} FROM (SELECT unnest($1::bigint[]) AS id ORDER BY 1) t`, [ids]);
    const { rows } = await client.query<Stored & { transaction_id: string | null }>(
      `${SELECT.replace("transaction_type", "transaction_type, transaction_id")} WHERE id = ANY($1::bigint[])`,
      [ids],
    );
    const now = rows.filter(open).filter(appliesAsSigned);
    const later = rows
      .filter(open)
      .filter((n) => !appliesAsSigned(n))
      .map((n) => n.id);
    now.sort(
      (a, b) => (a.transaction_id ?? "").localeCompare(b.transaction_id ?? "") || Number(BigInt(a.id) - BigInt(b.id)),
    );
    // Charges (the bulk of any burst) in set-based rounds; the rest one by one.
    const charges = now.filter((n) => n.transaction_type === "charge");
    const others = now.filter((n) => n.transaction_type !== "charge");
    // Every charge the batch touches, its own and its captures' and refunds' parents, locked
    // first and in id order: a charge before its children and its operations, as every writer
    // of the ledger takes them (lock-order.test.ts), so no batch or settle waits in a circle.
    await lockRows(client, chargesTouched(now));
    const outcomes = await applyCharges(
      client,
      charges.map((n) => ({ v: signedValues(n.fields), notificationId: n.id })),
    );
    const decided: Decided[] = outcomes.map((o) => ({ ...o, tiedTo: null }));
    for (const n of others) decided.push(await applyNotification(client, n));
    if (now.length)
      await record(
        client,
        [...charges, ...others].map((n) => n.id),
        decided,
      );
    await client.query("COMMIT");
    return { applied: now.length, later, retry: [] };
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    return { applied: 0, later: [], retry: ids, error: error instanceof Error ? error.message : String(error) };
  } finally {
    client.release();
  }
}
