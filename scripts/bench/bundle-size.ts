// First-load JavaScript per page, gzip: every <script src> the signed-in HTML of a page
// loads, fetched from the production server and gzipped (Next 16's build no longer
// prints it). usage: npm run bench:bundle   (budget: ≤ 190 KiB for every page, with TanStack Table and
// Query on every list; exits 1 when a page is over)
import { gzipSync } from "node:zlib";
import { createBenchUser, signInCookie, startStack } from "./harness";
import { withPg } from "../lib/users";

const BUDGET_KIB = 190;
const over: string[] = [];
const stack = await startStack("bench_bundle");
try {
  await withPg(stack.databaseUrl, (c) =>
    c.query(`INSERT INTO ledger_transactions (id, type, reference, method, status, amount, currency, time_created, payload, source, updated_at, consumer_reference)
             VALUES ('1000000000000000000001', 'charge', 'bundle-1', 'card', 'authorized', 1999, 'USD', now(), '{}', 'import', now(), 'bundle-customer');
             INSERT INTO vault_tokens (token, status, source, updated_at) VALUES ('tok_bundle_1', 'active', 'add', now());
             INSERT INTO chargebacks (id, charge_id, amount, currency, status, opened_at, last_change_at, updated_at)
             VALUES ('cb_bundle_1', '1000000000000000000001', 1999, 'USD', 'Notification of Claim', now(), now(), now())`),
  );
  const user = await createBenchUser(stack.databaseUrl, "admin");
  const finance = await createBenchUser(stack.databaseUrl, "finance");
  const manager = await createBenchUser(stack.databaseUrl, "manager");
  const cookies = {
    manager: await signInCookie(stack.consoleUrl, manager.email, manager.password, manager.totpSecret),
    admin: await signInCookie(stack.consoleUrl, user.email, user.password, user.totpSecret),
    finance: await signInCookie(stack.consoleUrl, finance.email, finance.password, finance.totpSecret),
  };
  const pages: [string, keyof typeof cookies | null][] = [
    ["/login", null],
    ["/", "finance"],
    ["/transactions", "finance"],
    ["/transactions/1000000000000000000001", "finance"],
    ["/terminal", "finance"],
    ["/users", "admin"],
    ["/settings", "admin"],
    ["/audit", "admin"],
    // Every list on the table kit (issue 20).
    ["/operations", "finance"],
    ["/approvals", "manager"],
    ["/chargebacks", "finance"],
    ["/webhooks", "admin"],
    ["/customs", "admin"],
    ["/vault", "admin"],
    ["/payment-links", "finance"],
    // And every other page (one of each kind).
    ["/account/password", "finance"],
    ["/account/security", "finance"],
    ["/chargebacks/cb_bundle_1", "manager"],
    ["/chargebacks/summary", "manager"],
    ["/customers", "finance"],
    ["/customers/bundle-customer", "manager"],
    ["/customs/new?transaction=1000000000000000000001", "admin"],
    ["/reports", "finance"],
    ["/search?q=no-such-thing", "finance"],
    ["/vault/tok_bundle_1", "admin"],
  ];
  const cache = new Map<string, number>();
  console.log("page".padEnd(42), "scripts", "gzip KiB");
  for (const [path, who] of pages) {
    const res = await fetch(stack.consoleUrl + path, {
      headers: who ? { Cookie: cookies[who] } : {},
      redirect: "manual",
    });
    if (res.status !== 200) throw new Error(`${path}: HTTP ${res.status}`);
    const html = await res.text();
    // noModule scripts are polyfills that modern browsers never load.
    const srcs = [
      ...new Set(
        [...html.matchAll(/<script([^>]*)>/g)]
          .filter((m) => !/noModule/i.test(m[1]!))
          .map((m) => /src="([^"]+)"/.exec(m[1]!)?.[1])
          .filter((s): s is string => !!s),
      ),
    ];
    let total = 0;
    for (const src of srcs) {
      if (!cache.has(src))
        cache.set(
          src,
          gzipSync(Buffer.from(await (await fetch(new URL(src, stack.consoleUrl))).arrayBuffer()), { level: 9 }).length,
        );
      total += cache.get(src)!;
    }
    const kib = total / 1024;
    console.log(
      path.padEnd(42),
      String(srcs.length).padStart(7),
      kib.toFixed(1).padStart(8),
      kib > BUDGET_KIB ? ` over ${BUDGET_KIB}` : "",
    );
    if (kib > BUDGET_KIB) over.push(`${path} ${kib.toFixed(1)} KiB`);
  }
} finally {
  stack.stop();
}
if (over.length > 0) console.error(`Over the ${BUDGET_KIB} KiB budget: ${over.join(", ")}`);
process.exit(over.length > 0 ? 1 : 0);
