import "server-only";
import type pg from "pg";
import type { Sql } from "@/lib/platform/db";
import { Conflict } from "@/lib/platform/errors";
import { lockRow } from "@/lib/ledger";

// While an operation on a charge is unknown, no other moves its money (issue 30, item 12; ADR 0002).

/** The refusal to give while an operation on the charge is unknown; null when none is. */
export async function unsettledConflict(sql: Sql, chargeId: string, except?: string) {
  const [open] = (
    await sql.query<{ kind: string; reference: string }>(
      `SELECT kind::text AS kind, reference FROM operations
        WHERE transaction_id = $1 AND status = 'unknown' AND id::text <> $2 LIMIT 1`,
      [chargeId, except ?? ""],
    )
  ).rows;
  return open
    ? new Conflict(
        `The ${open.kind} ${open.reference} on this charge is being checked with the payment service: nothing else can move this charge's money until it is settled. Refresh in a minute.`,
        "charge_outcome_unknown",
        { reference: open.reference },
      )
    : null;
}

/** The same under the charge's row lock, in the transaction that adds or approves an operation. */
export async function refuseWhileUnsettled(tx: pg.PoolClient, chargeId: string, except?: string) {
  await lockRow(tx, chargeId);
  const conflict = await unsettledConflict(tx, chargeId, except);
  if (conflict) throw conflict;
}
