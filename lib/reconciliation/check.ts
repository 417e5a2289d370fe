import "server-only";
import type pg from "pg";
import { inTransaction } from "@/lib/platform/db";
import { getUpi, UpiError, type Charge } from "@/lib/upi";
import { getCustoms } from "@/lib/customs";
import { recordTransaction, lockKnown, said } from "@/lib/ledger";
import { compareCharge, contradictsIdentity, type Difference, hasNews } from "./compare";
import { ledgerSide, providerSide } from "./sides";

// The run's row locked and its cursor checked: a second worker on the same run loses, no charge counts twice.

type Tx = pg.PoolClient;
type Asked = { charge: Charge | null; cny: number | null; calls: number; refused?: string };

const PASSING = new Set([
  "timeout",
  "network",
  "not_configured",
  "not_verified",
  "4010",
  "4102",
  "4105",
  "4106",
  "4107",
]);

const refusal = (error: unknown) => {
  if (!(error instanceof UpiError) || PASSING.has(error.code)) return null;
  const status = error.httpStatus;
  return status !== null && (status >= 500 || status === 429 || status === 401 || status === 403) ? null : error.code;
};

async function ask(id: string): Promise<Asked> {
  const upi = await getUpi();
  let charge: Charge;
  try {
    charge = (await upi.getTransaction(id)) as Charge;
  } catch (error) {
    const code = refusal(error);
    if (code) return { charge: null, cny: null, calls: 1, refused: code };
    throw error;
  }
  if (charge.object && charge.object !== "charge")
    return { charge: null, cny: null, calls: 1, refused: "not_a_charge" };
  if (charge.currency === "CNY") return { charge, cny: charge.amount, calls: 1 };
  const method = charge.payment?.method;
  if (method !== "alipay" && method !== "wechatpay") return { charge, cny: null, calls: 1 };
  const cny = await getCustoms()
    .then((c) => c.paymentInquire(id, true))
    .then((r) => r.cnyFen)
    .catch(() => null);
  return { charge, cny, calls: 2 };
}

async function keep(tx: Tx, runId: string, chargeId: string, currency: string, d: Difference) {
  const values = [runId, chargeId, d.kind, d.subject, currency, JSON.stringify(d.ledger), JSON.stringify(d.provider)];
  if (d.kind === "applied") {
    await tx.query(
      `INSERT INTO reconciliation_exceptions
         (id, run_id, last_run_id, charge_id, kind, subject, currency, ledger, provider, resolved_at)
       VALUES (gen_random_uuid(), $1::uuid, $1::uuid, $2, $3::"ReconciliationExceptionKind", $4, $5, $6::jsonb, $7::jsonb, now())`,
      values,
    );
    return 0;
  }
  const settled = await tx.query(
    `SELECT 1 FROM reconciliation_exceptions
      WHERE charge_id = $1 AND kind = $2::"ReconciliationExceptionKind" AND subject = $3
        AND resolved_by_id IS NOT NULL AND provider = $4::jsonb LIMIT 1`,
    [chargeId, d.kind, d.subject, JSON.stringify(d.provider)],
  );
  if (settled.rowCount) return 0;
  await tx.query(
    `INSERT INTO reconciliation_exceptions (id, run_id, last_run_id, charge_id, kind, subject, currency, ledger, provider)
     VALUES (gen_random_uuid(), $1::uuid, $1::uuid, $2, $3::"ReconciliationExceptionKind", $4, $5, $6::jsonb, $7::jsonb)
     ON CONFLICT (charge_id, kind, subject) WHERE resolved_at IS NULL
     DO UPDATE SET last_run_id = excluded.last_run_id, last_seen_at = now(),
                   ledger = excluded.ledger, provider = excluded.provider`,
    values,
  );
  return 1;
}

async function apply(tx: Tx, charge: Charge, cny: number | null, ledgerCny: number | null) {
  await recordTransaction(
    charge,
    {
      source: "inquiry",
      summary: said("reconciled"),
      ...(ledgerCny === null && cny !== null ? { cnyFen: cny } : {}),
    },
    tx,
  );
}

export type Checked = "checked" | "lost";

/** Checks one charge within a run whose cursor stood at `after`; "lost" when another worker moved it. */
export async function checkCharge(runId: string, after: string | null, id: string): Promise<Checked> {
  const asked = await ask(id);
  return inTransaction(async (tx) => {
    const [run] = (
      await tx.query<{ cursor: string | null; finished_at: Date | null }>(
        "SELECT cursor, finished_at FROM reconciliation_runs WHERE id = $1::uuid FOR UPDATE",
        [runId],
      )
    ).rows;
    if (!run || run.finished_at || run.cursor !== after) return "lost";
    await lockKnown(tx, id);
    const ledger = await ledgerSide(tx, id);
    let diffs: Difference[] = [];
    if (ledger && !asked.charge)
      diffs = [
        {
          kind: "missing_at_provider",
          subject: "charge",
          ledger: { status: ledger.status, amount: ledger.amount },
          provider: { present: false, ...(asked.refused ? { status: asked.refused } : {}) },
        },
      ];
    else if (ledger && asked.charge) {
      diffs = compareCharge(ledger, providerSide(asked.charge, asked.cny));
      if (contradictsIdentity(diffs)) diffs = diffs.filter((d) => d.kind !== "applied");
      else if (hasNews(diffs)) await apply(tx, asked.charge, asked.cny, ledger.cny);
    }
    let open = 0;
    for (const d of diffs) open += await keep(tx, runId, id, ledger?.currency ?? "", d);
    const applied = diffs.filter((d) => d.kind === "applied").length;
    await tx.query(
      `UPDATE reconciliation_runs
            SET cursor = $1, checked = checked + 1, calls = calls + $2, stuck_id = NULL, stuck_tries = 0,
                exceptions = exceptions + $3, applied = applied + $4
          WHERE id = $5::uuid`,
      [id, asked.calls, open, applied, runId],
    );
    return "checked";
  });
}
