import type pg from "pg";
import { applyNotification, type Decided, type Stored } from "./apply";
import { applyCharges } from "./apply-charges";
import { lockRows } from "@/lib/ledger";
import { isVerified, needsCharge, needsInquiry, signedValues, type Values } from "./verify";

// One applier at a time per notification: an advisory lock, not the row's lock that replays update (ADR 0003).

/** The sweep stops retrying a notification after this many attempts (retention then removes an unconfirmed one). */
export const MAX_APPLY_ATTEMPTS = 20;

const SELECT = "SELECT id, fields, verification, apply_state, transaction_type FROM webhook_notifications";
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

/** Applies one stored notification in its own transaction. */
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

/** Not a chargeback's charge: taken first, it would wait in a circle with an inquiry (ADR 0016, lock order). */
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

/** Applies many stored notifications in one transaction. */
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
    const charges = now.filter((n) => n.transaction_type === "charge");
    const others = now.filter((n) => n.transaction_type !== "charge");
    // Lock order: every charge the batch touches first, in id order, as every ledger writer (lock-order.test.ts).
    const touched = chargesTouched(now);
    const held = await lockRows(client, touched);
    const outcomes = await applyCharges(
      client,
      charges.map((n) => ({ v: signedValues(n.fields), notificationId: n.id })),
      { ids: new Set(touched), rows: held },
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
