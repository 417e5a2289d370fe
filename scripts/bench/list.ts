// GET /api/transactions over one million ledger rows: first page and ~500,000 deep,
// with and without filters, through the console (session, permission, query).
// usage: npm run bench:list   (goal: p50 ≤ 15 ms at any depth; deep/first ≤ 1.5)
import http from "node:http";
import { fmt, summarize, timeEach } from "./lib";
import { createBenchUser, signInCookie, startStack } from "./harness";
import { withPg } from "../lib/users";
import { encodeCursor } from "../../lib/ledger/filters";

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
// Customers' emails as they come: common names and mail domains, so trigrams repeat.
const CUSTOMERS = Math.ceil(ROWS / 5);
const words = (s: string) =>
  s
    .split(" ")
    .map((w) => `'${w}'`)
    .join(",");
const FIRST = words(
  "jane john maria wei li anna peter sara omar yuki lucas emma noah olivia liam mia ali chen fatima david sofia ivan elena raj priya tom lena max nina paul",
);
const LAST = words(
  "smith doe wang garcia muller kim nguyen rossi silva tanaka brown jones lopez chen khan patel novak dubois schmidt ivanova",
);
const DOMAINS = words("gmail.com yahoo.com outlook.com qq.com 163.com icloud.com hotmail.com shop.example");
const stack = await startStack("bench_list");
try {
  console.log(`seeding ${ROWS} ledger rows…`);
  const t0 = performance.now();
  await withPg(stack.databaseUrl, async (c) => {
    // Indexes built once after the load, not row by row (three of them are trigram GINs).
    const { rows: indexes } = await c.query<{ name: string; def: string }>(
      "SELECT indexname AS name, indexdef AS def FROM pg_indexes WHERE tablename = 'ledger_transactions' AND indexname <> 'ledger_transactions_pkey'",
    );
    for (const i of indexes) await c.query(`DROP INDEX "${i.name}"`);
    await c.query(`
      INSERT INTO ledger_transactions (id, type, reference, method, status, amount, currency, country, time_created, payload, source, updated_at,
                                       consumer_reference, customer_email, pan_masked, card_last4)
      SELECT lpad(g::text, 22, '0'), 'charge', 'bench-' || g,
             (ARRAY['card','alipay','wechatpay','klarna'])[1 + g % 4],
             (ARRAY['succeeded','authorized','canceled','succeeded','initiated'])[1 + g % 5],
             100 + (g::bigint * 7919) % 500000,
             (ARRAY['USD','EUR','JPY','CNY'])[1 + (g / 7) % 4],
             (ARRAY['US','DE','JP','CN'])[1 + (g / 7) % 4],
             timestamptz '2026-01-01' + (g || ' seconds')::interval * 25,
             '{}'::jsonb, 'import', now(),
             -- Returning customers (about five charges each); card rows carry a masked pan.
             'cust-' || (g::bigint * 48271) % ${CUSTOMERS},
             (ARRAY[${FIRST}])[1 + (g::bigint * 48271) % ${CUSTOMERS} % 30] || '.' ||
               (ARRAY[${LAST}])[1 + (g::bigint * 48271) % ${CUSTOMERS} / 30 % 20] ||
               (g::bigint * 48271) % ${CUSTOMERS} / 600 || '@' ||
               (ARRAY[${DOMAINS}])[1 + (g::bigint * 48271) % ${CUSTOMERS} % 8],
             CASE WHEN g % 4 = 0 THEN '411111******' || lpad((((g / 4)::bigint * 7919) % 10000)::text, 4, '0') END,
             CASE WHEN g % 4 = 0 THEN lpad((((g / 4)::bigint * 7919) % 10000)::text, 4, '0') END
      FROM generate_series(1, ${ROWS}) g`);
    await c.query("SET maintenance_work_mem = '256MB'");
    for (const i of indexes) await c.query(i.def);
    await c.query("ANALYZE ledger_transactions");
  });
  console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  /** The cursor of the row in the middle of a filtered set, as if paged to there. */
  const deepCursor = async (where: string) =>
    withPg(stack.databaseUrl, async (c) => {
      const { rows } = await c.query<{ t: Date; id: string }>(
        `SELECT time_created AS t, id FROM ledger_transactions WHERE ${where} ORDER BY time_created DESC, id DESC
         OFFSET (SELECT count(*) / 2 FROM ledger_transactions WHERE ${where}) LIMIT 1`,
      );
      return encodeCursor(rows[0]!.t.toISOString(), rows[0]!.id);
    });
  const user = await createBenchUser(stack.databaseUrl, "finance");
  const cookie = await signInCookie(stack.consoleUrl, user.email, user.password, user.totpSecret);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  // A case's query, or a path with its query (the summary's own request).
  const get = (query: string) =>
    new Promise<void>((resolve, reject) =>
      http
        .get(
          `${stack.consoleUrl}${query.startsWith("/") ? query : `/api/transactions?${query}`}`,
          { agent, headers: { Cookie: cookie } },
          (res) => {
            res.resume();
            res.on("end", () =>
              res.statusCode === 200 ? resolve() : reject(new Error(`HTTP ${res.statusCode} for ${query}`)),
            );
          },
        )
        .on("error", reject),
    );

  const filter = "currency=USD&status=succeeded";
  const cases: [string, string][] = [
    ["first page", "limit=50"],
    ["~500k deep", `limit=50&cursor=${await deepCursor("TRUE")}`],
    [`first page, ${filter}`, `limit=50&${filter}`],
    [
      `middle of the filtered set, ${filter}`,
      `limit=50&${filter}&cursor=${await deepCursor("currency = 'USD' AND status = 'succeeded'")}`,
    ],
    ["sorted by amount, first page", "limit=50&sort=amount"],
    ["search by reference", `q=bench-${Math.floor(ROWS / 3)}`],
    // Count and per-currency totals, fetched beside the page (issue 20): capped past 10,000 rows.
    ["summary, no filter (capped)", "/api/transactions/summary"],
    [`summary, ${filter} (capped)`, `/api/transactions/summary?${filter}`],
    ["summary, one day (exact: count + totals)", "/api/transactions/summary?from=2026-01-05&to=2026-01-05"],
    // Issue 20: fragments (trigram indexes), the card's last four, an amount typed as money.
    ["search: reference prefix", `q=bench-${Math.floor(ROWS / 3 / 10)}`],
    ["search: middle of a reference", `q=${String(Math.floor(ROWS / 3)).slice(1)}`],
    ["search: whole email", "q=max.khan83%40shop.example"],
    ["search: part of an email", "q=khan83%40shop"],
    ["search: last four", "q=4242"],
    ["search: amount", "q=1%2C234.56"],
  ];
  const results: Record<string, ReturnType<typeof summarize>> = {};
  for (const [name, query] of cases) {
    await timeEach(100, () => get(query));
    results[name] = summarize(await timeEach(500, () => get(query)));
    const s = results[name]!;
    // A search that finds nothing would time an empty answer: say how many rows each found.
    const found = query.startsWith("q=")
      ? ` rows=${((await (await fetch(`${stack.consoleUrl}/api/transactions?${query}`, { headers: { Cookie: cookie } })).json()) as { rows: unknown[] }).rows.length}`
      : "";
    console.log(`${name.padEnd(44)} p50=${fmt(s.p50)} p95=${fmt(s.p95)} p99=${fmt(s.p99)}${found}`);
  }
  console.log(`deep/first p50 ratio: ${(results["~500k deep"]!.p50 / results["first page"]!.p50).toFixed(2)}`);
  agent.destroy();
} finally {
  stack.stop();
}
process.exit(0);
