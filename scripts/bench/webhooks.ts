// Webhook ingestion: a separate process sends signed notifications (10× replays, shuffled)
// to a running console; reports the ingestion rate, the ack p99, and counts that prove
// nothing was lost and nothing applied twice.
// usage: npm run bench:webhooks   (goal on 2 cores: ≥ 1,500 notifications/s sustained, ack p99 ≤ 100 ms,
//        apply lag p99 ≤ 1 s); INSTANCES=2 sends to two consoles on the same database in turn.
import { spawn } from "node:child_process";
import { startStack } from "./harness";
import { putSecret, keyringOrThrow } from "../lib/secrets";
import { withPg } from "../lib/users";
import { fmt } from "./lib";

const SECRET = "whsec_bench";
const CHARGES = Number(process.env.CHARGES ?? 1000);
const INSTANCES = Number(process.env.INSTANCES ?? 1);
const stack = await startStack("bench_webhooks", {
  instances: INSTANCES,
  consoleNodeArgs: process.env.CONSOLE_NODE_ARGS?.split(" ").filter(Boolean),
});
try {
  await withPg(stack.databaseUrl, (c) => putSecret(c, keyringOrThrow(stack.env), "webhook.secret", SECRET, "bench"));
  const prefix = `9${Date.now()}`;
  const run = (charges: number, idPrefix: string) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const child = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/bench/webhook-sender.ts"], {
        env: {
          ...process.env,
          TARGET_URL: stack.consoleUrls.map((u) => `${u}/api/webhooks/upi`).join(","),
          WEBHOOK_SECRET: SECRET,
          CHARGES: String(charges),
          ID_PREFIX: idPrefix,
        },
        stdio: ["ignore", "pipe", "inherit"],
      });
      let out = "";
      child.stdout.on("data", (d) => (out += d));
      child.on("exit", (code) =>
        code === 0 ? resolve(JSON.parse(out.trim().split("\n").at(-1)!)) : reject(new Error(`sender exited ${code}`)),
      );
    });
  await run(100, `8${Date.now()}`); // warm-up: compiles the route, fills the pools
  const cpuBefore = stack.consoleCpuSeconds();
  const result = (await run(CHARGES, prefix)) as {
    sent: number;
    unique: number;
    seconds: number;
    rate: number;
    ack: { p50: number; p95: number; p99: number; max: number };
    statuses: Record<string, number>;
  };

  // The workers apply what was stored as it arrives; wait for the last ones.
  const counts = await withPg(stack.databaseUrl, async (c) => {
    for (let i = 0; i < 100; i++) {
      const { rows } = await c.query(
        "SELECT count(*)::int AS n FROM webhook_notifications WHERE apply_state = 'pending' AND transaction_id LIKE $1",
        [`${prefix}%`],
      );
      if (rows[0].n === 0) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const q = async (sql: string) => (await c.query(sql, [`${prefix}%`])).rows[0];
    return {
      stored: await q(
        "SELECT count(*)::int AS n, coalesce(sum(duplicates), 0)::int AS replays FROM webhook_notifications WHERE transaction_id LIKE $1",
      ),
      states: (
        await c.query(
          "SELECT apply_state, count(*)::int AS n FROM webhook_notifications WHERE transaction_id LIKE $1 GROUP BY 1 ORDER BY 1",
          [`${prefix}%`],
        )
      ).rows,
      charges: await q(
        "SELECT count(*)::int AS n, count(*) FILTER (WHERE status = 'succeeded')::int AS succeeded FROM ledger_transactions WHERE id LIKE $1",
      ),
      effects: await q(
        `SELECT count(*)::int AS events, count(DISTINCT detail->>'notificationId')::int AS notifications FROM ledger_events WHERE kind = 'webhook' AND transaction_id LIKE $1`,
      ),
      lag: await q(`SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY ms) AS p50, percentile_cont(0.99) WITHIN GROUP (ORDER BY ms) AS p99, max(ms) AS max
                      FROM (SELECT extract(epoch FROM applied_at - received_at) * 1000 AS ms FROM webhook_notifications WHERE transaction_id LIKE $1 AND applied_at IS NOT NULL) t`),
    };
  });

  const lost = result.unique - counts.stored.n;
  const duplicateEffects = counts.effects.events - counts.effects.notifications;
  console.log(`consoles             ${INSTANCES} on one database`);
  console.log(
    `sent ${result.sent} notifications (${result.unique} unique × 10, shuffled) from a separate process in ${result.seconds.toFixed(1)} s`,
  );
  console.log(`ingestion rate       ${result.rate.toFixed(0)} notifications/s   (goal ≥ 1,500)`);
  console.log(
    `ack latency          p50=${fmt(result.ack.p50)} p95=${fmt(result.ack.p95)} p99=${fmt(result.ack.p99)} max=${fmt(result.ack.max)}   (goal p99 ≤ 100 ms)`,
  );
  console.log(`answers              ${JSON.stringify(result.statuses)}`);
  console.log(
    `apply lag            p50=${fmt(Number(counts.lag.p50))} p99=${fmt(Number(counts.lag.p99))} max=${fmt(Number(counts.lag.max))}   (stored → applied; goal p99 ≤ 1 s)`,
  );
  console.log(
    `stored               ${counts.stored.n} rows for ${result.unique} unique → lost: ${lost}; replays counted: ${counts.stored.replays} (expected ${result.sent - result.unique})`,
  );
  console.log(
    `apply results        ${counts.states.map((s: { apply_state: string; n: number }) => `${s.apply_state} ${s.n}`).join(", ")}`,
  );
  console.log(
    `ledger effects       ${counts.effects.events} events from ${counts.effects.notifications} notifications → duplicate effects: ${duplicateEffects}`,
  );
  const cpu = stack.consoleCpuSeconds().map((after, i) => after - cpuBefore[i]!);
  console.log(
    `console CPU          ${cpu.map((s) => `${s.toFixed(1)} s`).join(", ")} from the first send until the last was applied`,
  );
  console.log(
    `console memory (RSS)  ${stack
      .consoleRssMiB()
      .map((m) => `${m.toFixed(0)} MiB`)
      .join(", ")} after the run`,
  );
  console.log(
    `final states         ${counts.charges.succeeded}/${counts.charges.n} charges succeeded (authorized arriving after captured never rolled one back)`,
  );
} finally {
  stack.stop();
}
process.exit(0);
