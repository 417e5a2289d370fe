// The home page's server time over one million ledger rows spread over the last ~290 days
// (about 100,000 in the 30 days the charts cover): GET / signed in as a manager, who sees
// every queue and chart. usage: npm run bench:home   (goal: p50 ≤ 100 ms)
// BENCH_REPORTING_ZONE=Asia/Shanghai reads the days in that zone (Settings → reporting zone).
import http from "node:http";
import { fmt, summarize, timeEach } from "./lib";
import { createBenchUser, signInCookie, startStack } from "./harness";
import { withPg } from "../lib/users";

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const ZONE = process.env.BENCH_REPORTING_ZONE ?? "UTC";
const stack = await startStack("bench_home");
try {
  console.log(`seeding ${ROWS} ledger rows…`);
  const t0 = performance.now();
  await withPg(stack.databaseUrl, async (c) => {
    // Nine charges to one refund; newest now, one every 25 s going back.
    await c.query(`
      INSERT INTO ledger_transactions (id, type, reference, method, status, amount, amount_captured, currency, time_created, payload, source, updated_at)
      SELECT lpad(g::text, 22, '0'), CASE WHEN g % 10 = 0 THEN 'refund'::"TransactionType" ELSE 'charge'::"TransactionType" END, 'bench-' || g,
             (ARRAY['card','alipay','wechatpay','klarna'])[1 + g % 4],
             CASE WHEN g % 10 = 0 THEN 'succeeded' ELSE (ARRAY['succeeded','authorized','canceled','succeeded','initiated'])[1 + g % 5] END,
             100 + (g::bigint * 7919) % 500000,
             CASE WHEN g % 5 IN (0, 3) THEN 100 + (g::bigint * 7919) % 500000 END,
             (ARRAY['USD','EUR','JPY','CNY'])[1 + (g / 7) % 4],
             now() - (g || ' seconds')::interval * 25,
             '{}'::jsonb, 'import', now()
      FROM generate_series(1, ${ROWS}) g`);
    // The insert trigger appended a delta per row; the minute sweep folds them into the
    // per-day totals, as here. Then what autovacuum does to a live table.
    await c.query("SELECT ledger_daily_fold()");
    await c.query("VACUUM ANALYZE ledger_transactions");
    await c.query("VACUUM ANALYZE ledger_daily");
    await c.query("VACUUM ANALYZE ledger_daily_deltas");
    await c.query(
      `INSERT INTO settings (key, value, updated_at) VALUES ('reportingTimeZone', to_jsonb($1::text), now())
       ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
      [ZONE],
    );
    await c.query("SELECT pg_notify('console_config', 'settings')");
  });
  console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const user = await createBenchUser(stack.databaseUrl, "manager");
  const cookie = await signInCookie(stack.consoleUrl, user.email, user.password, user.totpSecret);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = () =>
    new Promise<void>((resolve, reject) =>
      http
        .get(`${stack.consoleUrl}/`, { agent, headers: { Cookie: cookie } }, (res) => {
          res.resume();
          res.on("end", () => (res.statusCode === 200 ? resolve() : reject(new Error(`HTTP ${res.statusCode}`))));
        })
        .on("error", reject),
    );
  await timeEach(20, get); // warm-up
  const s = summarize(await timeEach(200, get));
  console.log(
    `GET / (manager, ${ROWS} rows, reporting zone ${ZONE})  n=${s.n} p50=${fmt(s.p50)} p95=${fmt(s.p95)} p99=${fmt(s.p99)}   (goal p50 ≤ 100 ms)`,
  );
  agent.destroy();
} finally {
  stack.stop();
}
process.exit(0);
