// The chargeback case list and the customer page over one million ledger rows and 100,000
// chargebacks, through the console (session, permission, queries, server rendering).
// usage: npm run bench:chargebacks   (goal: p50 ≤ 50 ms for both)
import http from "node:http";
import { fmt, summarize, timeEach } from "./lib";
import { createBenchUser, signInCookie, startStack } from "./harness";
import { withPg } from "../lib/users";
import { rebuildKept } from "./scale/seed";

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const CHARGEBACKS = Number(process.env.BENCH_CHARGEBACKS ?? 100_000);
const CUSTOMERS = ROWS / 10;
const stack = await startStack("bench_chargebacks");
try {
  console.log(`seeding ${ROWS} ledger rows and ${CHARGEBACKS} chargebacks…`);
  const t0 = performance.now();
  await withPg(stack.databaseUrl, async (c) => {
    // The per-day totals trigger is not what is measured here and triples the seeding time.
    await c.query("ALTER TABLE ledger_transactions DISABLE TRIGGER USER");
    // Nine charges to one refund; each consumer has ~9 charges; one every 25 s going back.
    await c.query(`
      INSERT INTO ledger_transactions (id, type, reference, parent_id, method, status, amount, amount_captured, currency, consumer_reference, pan_masked, time_created, payload, source, updated_at)
      SELECT lpad(g::text, 22, '0'), CASE WHEN g % 10 = 0 THEN 'refund'::"TransactionType" ELSE 'charge'::"TransactionType" END,
             'bench-' || g, CASE WHEN g % 10 = 0 THEN lpad((g - 1)::text, 22, '0') END,
             (ARRAY['card','alipay','wechatpay','klarna'])[1 + g % 4], 'succeeded',
             100 + (g::bigint * 7919) % 500000, CASE WHEN g % 10 <> 0 THEN 100 + (g::bigint * 7919) % 500000 END,
             (ARRAY['USD','EUR','JPY','CNY'])[1 + (g / 10) % 4],
             CASE WHEN g % 10 <> 0 THEN 'cust-' || (g / 10) % ${CUSTOMERS} END, '411111******1111',
             now() - (g || ' seconds')::interval * 25, '{}'::jsonb, 'import', now()
      FROM generate_series(1, ${ROWS}) g`);
    await c.query("ALTER TABLE ledger_transactions ENABLE TRIGGER USER");
    // One chargeback on every ninth charge, opened over the last year, in every status.
    await c.query(`
      INSERT INTO chargebacks (id, charge_id, reference, amount, currency, status, outcome, reason, opened_at, last_change_at, updated_at)
      SELECT 'cb' || lpad(g::text, 20, '0'), lpad((g * 9 + 1)::text, 22, '0'), 'bench-' || (g * 9 + 1), 100 + g % 5000,
             (ARRAY['USD','EUR','JPY','CNY'])[1 + g % 4],
             (ARRAY['Notification of Claim','Request For Information','Information Supplied','Won','Lost','Case Closed'])[1 + g % 6],
             CASE WHEN g % 6 = 3 THEN 'Won' WHEN g % 6 = 4 THEN 'Lost' WHEN g % 6 = 5 THEN 'Won' END,
             (ARRAY['fraudulent','product_not_received','duplicate','subscription_canceled', NULL])[1 + g % 5],
             now() - (g || ' seconds')::interval * 315, now() - (g || ' seconds')::interval * 300, now()
      FROM generate_series(1, ${CHARGEBACKS}) g`);
    await c.query(`
      INSERT INTO chargeback_events (chargeback_id, status, at, source)
      SELECT id, s.status, opened_at + (s.n || ' hours')::interval, 'webhook' FROM chargebacks,
             LATERAL (VALUES (0, 'Notification of Claim'), (1, 'Request For Information')) AS s(n, status)`);
    // The kept totals the disabled triggers would have written (the customer page and the
    // chargeback rate read them), from the rows.
    await rebuildKept(c);
    for (const t of ["ledger_transactions", "chargebacks", "chargeback_events"]) await c.query(`VACUUM ANALYZE ${t}`);
  });
  console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const user = await createBenchUser(stack.databaseUrl, "manager");
  const cookie = await signInCookie(stack.consoleUrl, user.email, user.password, user.totpSecret);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = (path: string) =>
    new Promise<void>((resolve, reject) =>
      http
        .get(`${stack.consoleUrl}${path}`, { agent, headers: { Cookie: cookie } }, (res) => {
          res.resume();
          res.on("end", () =>
            res.statusCode === 200 ? resolve() : reject(new Error(`HTTP ${res.statusCode} for ${path}`)),
          );
        })
        .on("error", reject),
    );
  const customer = (i: number) => `cust-${(i * 7919) % CUSTOMERS}`;
  const cases: [string, (i: number) => string][] = [
    ["GET /api/chargebacks (list + summary)", () => "/api/chargebacks"],
    [
      "GET /api/chargebacks?status=Request For Information",
      () => "/api/chargebacks?status=Request%20For%20Information",
    ],
    ["GET /chargebacks (the list page)", () => "/chargebacks"],
    [
      "GET /chargebacks/{id} (a case page)",
      (i) => `/chargebacks/cb${String(1 + ((i * 7919) % CHARGEBACKS)).padStart(20, "0")}`,
    ],
    ["GET /api/customers/{reference}", (i) => `/api/customers/${customer(i)}`],
    ["GET /customers/{reference} (the page)", (i) => `/customers/${customer(i)}`],
  ];
  for (const [name, path] of cases) {
    await timeEach(20, (i) => get(path(i)));
    const s = summarize(await timeEach(200, (i) => get(path(i + 1000))));
    console.log(`${name.padEnd(54)} p50=${fmt(s.p50)} p95=${fmt(s.p95)} p99=${fmt(s.p99)}`);
  }
  console.log("(goal: p50 ≤ 50 ms for the case list and the customer page)");
  agent.destroy();
} finally {
  stack.stop();
}
process.exit(0);
