// One part of bench:scale run by itself (`tsx scripts/bench/scale/export.ts`): its own stack and a
// small seed of what that part reads, until scale.ts's seeding is there. Not used by scale.ts.
import { pathToFileURL } from "node:url";
import { createBenchUser, signInCookie, startStack } from "../harness";
import { METRICS_TOKEN } from "./context";
import { withPg } from "../../lib/users";
import type { ScaleContext, ScalePart } from "./context";

/** True when `import.meta.url` is the script node was started with. */
export const isMain = (url: string) => !!process.argv[1] && url === pathToFileURL(process.argv[1]).href;

/** Ledger rows over three years, every status, type and currency the export writes (INSERT … SELECT). */
export async function seedLedger(databaseUrl: string, rows: number) {
  await withPg(databaseUrl, (c) =>
    c.query(
      `INSERT INTO ledger_transactions (id, type, reference, method, status, amount, amount_captured, currency, country,
         cny_amount, payment_type, pan_masked, consumer_reference, customer_email, card_last4, time_created, payload, source, updated_at)
       SELECT 'seed_' || lpad(g::text, 9, '0'), (ARRAY['charge','capture','refund','cancel'])[1 + g % 4]::"TransactionType",
              'order-' || g, (ARRAY['card','alipay','wechatpay','unionpay'])[1 + g % 4],
              (ARRAY['authorized','captured','succeeded','failed','refunded'])[1 + g % 5], 100 + g % 100000,
              CASE WHEN g % 3 = 0 THEN 100 + g % 100000 END, (ARRAY['USD','EUR','JPY','CNY','HKD'])[1 + g % 5],
              (ARRAY['US','DE','JP','CN','HK'])[1 + g % 5], (100 + g % 100000) * 7, 'card', '411111******' || lpad((g % 10000)::text, 4, '0'),
              'cust-' || g % 50000, 'buyer' || g % 50000 || '@example.com', lpad((g % 10000)::text, 4, '0'),
              now() - (g::double precision / $1) * interval '1095 days', '{}', 'seed', now()
         FROM generate_series(1, $1::int) g`,
      [rows],
    ),
  );
}

/** A stack of its own, `prepare` seeding it, and a finance cookie; runs the part and prints its rows. */
export async function runStandalone(name: string, part: ScalePart, prepare: (databaseUrl: string) => Promise<void>) {
  const scale = Number(process.env.SCALE ?? 1_000_000);
  const log = (line: string) => process.stderr.write(`[${name}] ${line}\n`);
  process.env.METRICS_TOKEN ??= METRICS_TOKEN;
  const stack = await startStack(`bench_scale_${name}`);
  try {
    log(`seeding (${scale.toLocaleString("en-US")})`);
    await prepare(stack.databaseUrl);
    const finance = await createBenchUser(stack.databaseUrl, "finance");
    const cookie = await signInCookie(stack.consoleUrl, finance.email, finance.password, finance.totpSecret);
    const ctx: ScaleContext = {
      scale,
      databaseUrl: stack.databaseUrl,
      baseUrl: stack.consoleUrl,
      cookies: { finance: cookie, manager: "", ops: "", admin: "" },
      log,
    };
    for (const row of await part(ctx)) console.log(JSON.stringify(row));
  } finally {
    stack.stop();
  }
  process.exit(0);
}
