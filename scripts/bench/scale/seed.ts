// bench:scale's data (issue 36), generated inside PostgreSQL by INSERT … SELECT generate_series:
// no rows cross the wire at all, which beats COPY FROM STDIN (pg-copy-streams is not installed,
// and psql's COPY would still format, send and parse every row). Each table's secondary indexes
// are dropped for its load and built once after it; triggers are off (session_replication_role)
// and what they keep (ledger_daily, chargeback_totals, ledger_rollup when present) is rebuilt.
import type pg from "pg";
import { withPg } from "../../lib/users";
import { CONSOLE_CURRENCIES } from "../../../lib/platform/money";
import { STATUSES } from "../../../lib/ledger/constants";
import { CHARGEBACK_STATUSES } from "../../../lib/upi/chargeback-statuses";
import { ledgerSql, WHALE } from "./seed-ledger";

export { WHALE };
export type SeedRow = { table: string; rows: number; loadS: number; indexS: number };
export type DiskRow = { table: string; tableMiB: number; indexesMiB: number; indexes: string };

const arr = (xs: readonly string[]) => `ARRAY[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(",")}]`;
/** A deterministic, well-mixed spread of g over 0..n-1 (PostgreSQL's own integer hash). */
const h = (g: string, n: number, salt = 0) =>
  `((hashint8((${g})::bigint * 1000 + ${salt})::bigint & 2147483647) % ${n})`;
/** A time spread over the three years before now, row g of n (ascending). */
const at = (g: string, n: number) => `now() - interval '1095 days' * (1 - (${g})::float8 / ${n})`;
const pick = (xs: readonly string[], g: string, salt = 0) => `(${arr(xs)})[1 + ${h(g, xs.length, salt)}]`;

export const sizes = (scale: number) => ({
  ledger: scale,
  notifications: scale,
  audit: scale,
  chargebacks: Math.round(scale / 10),
  declarations: Math.round(scale / 10),
  links: Math.round(scale / 100),
  operations: Math.round(scale / 100),
  vault: Math.round(scale / 100),
  users: 50,
});

export function tableSql(scale: number, userIds: string): Record<string, string[]> {
  const n = sizes(scale);
  const uid = (g: string) => `(${userIds})[1 + ${h(g, 50, 7)}]`;
  return {
    ledger_transactions: ledgerSql(n.ledger, { arr, h, at, pick }),
    webhook_notifications: [
      `INSERT INTO webhook_notifications (received_at, dedup_key, content_type, raw_body, fields, transaction_type, transaction_id,
         parent_id, reference, status, amount, currency, event_time, verification, apply_state, applied_at, ip, body_length)
       SELECT ${at("g", n.notifications)}, 'seed-' || g, 'application/x-www-form-urlencoded',
         'transactionId=' || lpad(g::text, 22, '0') || '&status=succeeded', '{}'::jsonb,
         ${pick(["charge", "charge", "charge", "refund", "chargeback", "vault", "pay_by_link"], "g")}, lpad(g::text, 22, '0'),
         CASE WHEN g % 10 >= 7 THEN lpad((g - g % 10)::text, 22, '0') END, 'ORD-' || upper(to_hex(${h("CASE WHEN g % 10 <= 6 THEN g ELSE g - g % 10 END", 2 ** 31)})),
         ${pick(STATUSES, "g", 3)}, 100 + ${h("g", 500000, 5)}, ${pick(CONSOLE_CURRENCIES, "g", 1)}, ${at("g", n.notifications)},
         CASE WHEN g % 50 = 0 THEN 'rejected' WHEN g % 97 = 0 THEN 'verified_previous' ELSE 'verified' END,
         ${pick(["applied", "applied", "applied", "applied", "confirmed", "unchanged", "stale", "rejected", "unconfirmed", "expired"], "g", 2)},
         ${at("g", n.notifications)}, '203.0.113.' || (g % 250), 120
       FROM generate_series(1, ${n.notifications}) g`,
    ],
    audit_log: [
      `INSERT INTO audit_log (at, actor_id, actor_email, actor_role, action, result, target_type, target_id, amount, currency, ip)
       SELECT ${at("g", n.audit)}, ${uid("g")}::uuid, 'user' || ${h("g", 50, 7)} || '@merchant.example',
         ${pick(["admin", "finance", "ops", "manager"], "g", 7)}::text,
         ${pick(["transaction.refund", "transaction.capture", "transaction.export", "auth.sign_in", "webhook.receive", "chargeback.note", "customs.declare", "settings.update", "user.update", "payment_link.create"], "g", 4)},
         ${pick(["ok", "ok", "ok", "ok", "ok", "denied", "succeeded", "failed", "invalid"], "g", 9)},
         'transaction', lpad(g::text, 22, '0'), 100 + ${h("g", 500000, 5)}, ${pick(CONSOLE_CURRENCIES, "g", 1)}, '198.51.100.' || (g % 250)
       FROM generate_series(1, ${n.audit}) g`,
    ],
    chargebacks: [
      `INSERT INTO chargebacks (id, charge_id, reference, amount, currency, status, opened_at, last_change_at, closed_at, outcome, updated_at, reason, owner_id)
       SELECT 'cb' || lpad(g::text, 20, '0'), lpad((g * 10)::text, 22, '0'), 'ORD-' || upper(to_hex(${h("g * 10", 2 ** 31)})),
         100 + ${h("g", 500000, 5)}, ${pick(CONSOLE_CURRENCIES, "g", 1)}, ${pick(CHARGEBACK_STATUSES, "g", 6)}::text,
         ${at("g", n.chargebacks)}, ${at("g", n.chargebacks)} + interval '3 days', NULL, NULL, now(),
         ${pick(["fraud", "product_not_received", "not_as_described", "duplicate", "credit_not_processed"], "g", 2)},
         CASE WHEN g % 3 = 0 THEN ${uid("g")}::uuid END
       FROM generate_series(1, ${n.chargebacks}) g`,
      `UPDATE chargebacks SET closed_at = last_change_at, outcome = CASE status WHEN 'Won' THEN 'won' WHEN 'Lost' THEN 'lost' ELSE 'closed' END
       WHERE status IN ('Won', 'Lost', 'Case Closed')`,
    ],
    chargeback_events: [
      `INSERT INTO chargeback_events (chargeback_id, status, at, source)
       SELECT c.id, s.status, c.opened_at + interval '1 day' * s.i, 'notification'
       FROM chargebacks c, LATERAL (SELECT 'Notification of Claim' AS status, 0 AS i UNION ALL
         SELECT c.status, 3 WHERE c.status <> 'Notification of Claim') s`,
    ],
    customs_declarations: [
      `INSERT INTO customs_declarations (id, idempotency_key, transaction_id, reference, vendor, payment_type, merchant_customs_code,
         merchant_customs_name, customs_location, is_split, source, created_by, created_at, updated_at, created_by_id, parent_amount, parent_currency)
       SELECT md5('decl' || g)::uuid, 'seed-' || g, lpad((g * 10)::text, 22, '0'), 'ORD-' || upper(to_hex(${h("g * 10", 2 ** 31)})),
         ${pick(["alipay", "wechatpay", "upop"], "g")}, ${pick(["Hosted", "Online"], "g", 1)}, 'C' || lpad((g % 900)::text, 9, '0'),
         'Merchant Trading Co', ${pick(["HANGZHOU", "SHANGHAI", "GUANGZHOU", "ZHENGZHOU"], "g", 2)}, g % 4 = 0, 'console',
         'user' || ${h("g", 50, 7)} || '@merchant.example', ${at("g", n.declarations)}, now(), ${uid("g")}::uuid,
         100 + ${h("g", 500000, 5)}, 'CNY'
       FROM generate_series(1, ${n.declarations}) g`,
    ],
    customs_sub_orders: [
      `INSERT INTO customs_sub_orders (id, declaration_id, sub_order_no, order_fee, state, declare_number, customs_status, created_at, updated_at, submitted_at)
       SELECT md5('sub' || g || '-' || k)::uuid, md5('decl' || g)::uuid, 'SUB' || g || '-' || k, 100 + ${h("g * 2 + k", 50000)},
         st, CASE WHEN st IN ('submitted', 'corrected') THEN 'D' || g || k END,
         CASE st WHEN 'submitted' THEN ${pick(["SUBMITTED", "PROCESSING", "SUCCESS", "SUCCESS", "FAIL"], "g", 4)} WHEN 'failed' THEN 'FAIL' END,
         ${at("g", n.declarations)}, now(), ${at("g", n.declarations)}
       FROM generate_series(1, ${n.declarations}) g, generate_series(1, 1 + (g % 4 = 0)::int) k,
         LATERAL (SELECT ${pick(["submitted", "submitted", "submitted", "failed", "corrected"], "g", 3)} AS st) s`,
    ],
    payment_links: [
      `INSERT INTO payment_links (id, kind, vendor, reference, amount, currency, url, status, created_by, created_at, updated_at, completed_at, expires_at)
       SELECT md5('link' || g)::uuid, ${pick(["hosted", "pay", "qr"], "g")}, ${pick(["alipay", "wechatpay", "card"], "g", 1)},
         'LINK-' || g, 100 + ${h("g", 500000, 5)}, ${pick(CONSOLE_CURRENCIES, "g", 1)}, 'https://pay.example/l/' || g,
         ${pick(["succeeded", "succeeded", "canceled", "expired"], "g", 2)}, 'user' || ${h("g", 50, 7)} || '@merchant.example',
         ${at("g", n.links)}, now(), ${at("g", n.links)}, ${at("g", n.links)} + interval '1 day'
       FROM generate_series(1, ${n.links}) g`,
    ],
    operations: [
      // Decided or waiting for a second person only: nothing the console's workers would send.
      `INSERT INTO operations (id, kind, transaction_id, reference, idempotency_key, request_hash, amount, currency, reason, status,
         requested_by_id, requested_by_email, created_at, updated_at, resolved_at)
       SELECT md5('op' || g)::uuid, CASE WHEN g % 3 = 0 THEN 'capture' ELSE 'refund' END::"OperationKind",
         lpad((g * 100)::text, 22, '0'), 'OP-' || g, 'seed-' || g, md5(g::text), 100 + ${h("g", 50000, 5)}, ${pick(CONSOLE_CURRENCIES, "g * 100", 1)},
         'consumer_requested', CASE WHEN g % 10 = 0 AND g % 3 <> 0 THEN 'pending_approval' WHEN g % 17 = 0 THEN 'failed' ELSE 'succeeded' END::"OperationStatus",
         ${uid("g")}::uuid, 'user' || ${h("g", 50, 7)} || '@merchant.example', ${at("g", n.operations)}, now(), ${at("g", n.operations)}
       FROM generate_series(1, ${n.operations}) g`,
    ],
    vault_tokens: [
      `INSERT INTO vault_tokens (token, reference, method, brand, pan_masked, expiry, status, country, consumer_reference, consumer_email,
         source, time_created, created_at, updated_at)
       SELECT 'tok_' || md5('v' || g), 'VT-' || g, 'card', ${pick(["VISA", "MASTERCARD", "JCB", "AMEX"], "g")},
         '411111******' || lpad((g % 10000)::text, 4, '0'), '12/29', ${pick(["active", "active", "active", "deleted"], "g", 1)},
         ${pick(["US", "DE", "JP", "CN", "KR", "GB"], "g", 2)}, 'cust-' || g, 'buyer' || g || '@mail.example', 'console',
         ${at("g", n.vault)}, ${at("g", n.vault)}, now()
       FROM generate_series(1, ${n.vault}) g`,
    ],
  };
}

async function secondaryIndexes(c: pg.Client, table: string) {
  const { rows } = await c.query<{ name: string; def: string }>(
    `SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
     WHERE i.tablename = $1 AND i.schemaname = 'public'
       AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = (quote_ident(i.indexname))::regclass)`,
    [table],
  );
  return rows;
}

/** Seeds every table; returns the time per table (load, then its indexes). */
export async function seed(databaseUrl: string, scale: number, log: (l: string) => void): Promise<SeedRow[]> {
  const out: SeedRow[] = [];
  await withPg(databaseUrl, async (c) => {
    await c.query("SET session_replication_role = replica; SET maintenance_work_mem = '256MB'");
    const t0 = performance.now();
    await c.query(
      `INSERT INTO users (id, email, name, role, password_hash, updated_at)
       SELECT md5('user' || g)::uuid, 'user' || g || '@merchant.example', 'User ' || g,
         (ARRAY['admin','finance','ops','manager'])[1 + g % 4]::text, 'seed-not-a-hash', now()
       FROM generate_series(0, ${sizes(scale).users - 1}) g`,
    );
    out.push({ table: "users", rows: 50, loadS: (performance.now() - t0) / 1000, indexS: 0 });
    const userIds = `ARRAY(SELECT md5('user' || u)::uuid FROM generate_series(0, 49) u)`;
    for (const [table, statements] of Object.entries(tableSql(scale, userIds))) {
      const indexes = await secondaryIndexes(c, table);
      for (const i of indexes) await c.query(`DROP INDEX "${i.name}"`);
      const t1 = performance.now();
      for (const s of statements) await c.query(s);
      const t2 = performance.now();
      for (const i of indexes) await c.query(i.def);
      const t3 = performance.now();
      const rows = Number((await c.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
      out.push({ table, rows, loadS: (t2 - t1) / 1000, indexS: (t3 - t2) / 1000 });
      log(
        `seeded ${table}: ${rows} rows, ${((t2 - t1) / 1000).toFixed(1)} s + indexes ${((t3 - t2) / 1000).toFixed(1)} s`,
      );
    }
    const t4 = performance.now();
    await rebuildKept(c);
    out.push({ table: "(kept totals rebuilt)", rows: 0, loadS: (performance.now() - t4) / 1000, indexS: 0 });
    await c.query("SET session_replication_role = origin");
    const t5 = performance.now();
    await c.query("VACUUM ANALYZE");
    out.push({ table: "(VACUUM ANALYZE)", rows: 0, loadS: (performance.now() - t5) / 1000, indexS: 0 });
  });
  return out;
}

/** What the triggers would have kept, from the rows (the migrations' own rebuild SQL). */
export async function rebuildKept(c: pg.Client) {
  await c.query("DELETE FROM ledger_daily_deltas; DELETE FROM ledger_daily; DELETE FROM chargeback_totals");
  await c.query(`INSERT INTO ledger_daily (bucket, currency, gross, refunds, gross_cny, refunds_cny)
    SELECT date_bin('15 minutes', t.time_created, '2000-01-01 00:00:00+00'), t.currency, sum(c.g), sum(c.r), sum(c.gc), sum(c.rc)
      FROM ledger_transactions t,
           LATERAL ledger_daily_contribution(t.type::text, t.status, t.amount, t.amount_captured, t.currency, t.cny_amount, t.parent_id) c
     GROUP BY 1, 2 HAVING sum(c.g) <> 0 OR sum(c.r) <> 0`);
  await c.query(`INSERT INTO chargeback_totals (status, currency, outcome, count, amount)
    SELECT status, currency, coalesce(outcome, ''), count(*), sum(amount) FROM chargebacks GROUP BY 1, 2, 3`);
  // The hours after the quarter hours they sum, the days after the hours (the loads ran without triggers).
  for (const rebuild of [
    "ledger_rollup_rebuild",
    "report_buckets_rebuild",
    "chargeback_months_rebuild",
    "ledger_daily_hours_rebuild",
    "report_hours_rebuild",
    "report_days_rebuild",
  ]) {
    const { rows } = await c.query("SELECT 1 FROM pg_proc WHERE proname = $1", [rebuild]);
    if (rows.length) await c.query(`SELECT ${rebuild}()`);
  }
}

/** Disk per table (heap + toast) and its indexes, each index named with its size. */
export async function disk(databaseUrl: string): Promise<DiskRow[]> {
  return withPg(databaseUrl, async (c) => {
    const { rows } = await c.query<{ t: string; tb: string; ib: string; idx: string }>(
      `SELECT c.relname AS t, pg_table_size(c.oid) AS tb, pg_indexes_size(c.oid) AS ib,
         (SELECT string_agg(i.relname || ' ' || round(pg_relation_size(i.oid) / 1048576.0, 1) || ' MiB', ', ' ORDER BY pg_relation_size(i.oid) DESC)
            FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid WHERE x.indrelid = c.oid) AS idx
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND c.relkind = 'r' AND pg_total_relation_size(c.oid) > 1048576
       ORDER BY pg_total_relation_size(c.oid) DESC`,
    );
    return rows.map((r) => ({
      table: r.t,
      tableMiB: Number(r.tb) / 1048576,
      indexesMiB: Number(r.ib) / 1048576,
      indexes: r.idx ?? "",
    }));
  });
}
