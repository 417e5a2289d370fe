import "server-only";
import type pg from "pg";
import { pool } from "@/lib/platform/db";
import { withDeadline } from "@/lib/platform/health/deadline";

// What the database knows that an operator must see, under a short deadline: a slow database never hangs a scrape.

export type DatabaseGauges = {
  operations: { unknown: number; pending_approval: number };
  jobs: { queue: string; state: "created" | "retry" | "active"; count: number }[];
  webhooks: { pending: number; unconfirmed: number; oldestPendingSeconds: number };
  verdicts: { verification: string; count: number }[];
};

const VERDICTS = ["verified", "verified_previous", "verified_legacy", "rejected", "unverifiable"] as const;

const JOB_STATES = ["created", "retry", "active"] as const;

async function read(client: pg.PoolClient, timeoutMs: number): Promise<DatabaseGauges> {
  await client.query("BEGIN READ ONLY");
  try {
    await client.query(`SET LOCAL statement_timeout = ${Math.max(1, Math.floor(timeoutMs))}`);
    const ops = await client.query<{ status: string; n: number }>(
      "SELECT status::text AS status, count(*)::int AS n FROM operations WHERE status IN ('unknown', 'pending_approval') GROUP BY status",
    );
    const hooks = await client.query<{ pending: number; unconfirmed: number; lag: number | null }>(
      `SELECT count(*) FILTER (WHERE apply_state = 'pending')::int AS pending,
              count(*) FILTER (WHERE apply_state = 'unconfirmed')::int AS unconfirmed,
              extract(epoch FROM now() - min(received_at) FILTER (WHERE apply_state = 'pending'))::float8 AS lag
         FROM webhook_notifications WHERE apply_state IN ('pending', 'unconfirmed')`,
    );
    const verdicts = await client.query<{ verification: string; n: number }>(
      "SELECT verification, count(*)::int AS n FROM webhook_notifications WHERE received_at > now() - interval '5 minutes' GROUP BY verification",
    );
    const boss = await client.query<{ present: boolean }>(
      "SELECT to_regclass('pgboss.job') IS NOT NULL AND to_regclass('pgboss.queue') IS NOT NULL AS present",
    );
    let jobs: DatabaseGauges["jobs"] = [];
    if (boss.rows[0]?.present) {
      const queues = await client.query<{ name: string }>(
        "SELECT name FROM pgboss.queue WHERE name NOT LIKE '\\_\\_pgboss\\_\\_%' ORDER BY name",
      );
      const counts = await client.query<{ queue: string; state: string; n: number }>(
        "SELECT name AS queue, state::text AS state, count(*)::int AS n FROM pgboss.job WHERE state < 'completed' GROUP BY name, state",
      );
      const count = (queue: string, state: string) =>
        counts.rows.find((r) => r.queue === queue && r.state === state)?.n ?? 0;
      jobs = queues.rows.flatMap(({ name }) =>
        JOB_STATES.map((state) => ({ queue: name, state, count: count(name, state) })),
      );
    }
    await client.query("COMMIT");
    const n = (status: string) => ops.rows.find((r) => r.status === status)?.n ?? 0;
    const w = hooks.rows[0];
    return {
      operations: { unknown: n("unknown"), pending_approval: n("pending_approval") },
      jobs,
      webhooks: {
        pending: w?.pending ?? 0,
        unconfirmed: w?.unconfirmed ?? 0,
        oldestPendingSeconds: Math.max(0, w?.lag ?? 0),
      },
      verdicts: VERDICTS.map((verification) => ({
        verification,
        count: verdicts.rows.find((r) => r.verification === verification)?.n ?? 0,
      })),
    };
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  }
}

/** The gauges, or a rejection when the database does not answer within `timeoutMs`. */
export function readDatabaseGauges(timeoutMs = 1500): Promise<DatabaseGauges> {
  return withDeadline(
    (async () => {
      const client = await pool.connect();
      try {
        return await read(client, timeoutMs);
      } finally {
        client.release();
      }
    })(),
    timeoutMs,
  );
}
