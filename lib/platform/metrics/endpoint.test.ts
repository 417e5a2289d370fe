import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { overrideConfigForTests } from "@/lib/platform/config";
import { NextRequest } from "next/server";
import { GET } from "@/app/api/metrics/route";
import { route } from "@/lib/platform/api/route";
import { pool } from "@/lib/platform/db";
import { getBoss, stopBoss } from "@/lib/platform/jobs/boss";
import { tokenManager } from "@/lib/upi";

// GET /api/metrics: off unless METRICS_TOKEN is set, then behind it; the latency of a
// request just made under its route pattern, and gauges read from PostgreSQL at scrape time.
const TOKEN = "metrics-token-for-tests-0123456789";
const scrape = (authorization?: string) =>
  GET(
    new NextRequest("http://console.test/api/metrics", {
      headers: authorization ? { Authorization: authorization } : {},
    }),
    { params: Promise.resolve({}) },
  );

/** The value of one series in the exposition text, or undefined when absent. */
const seriesValue = (text: string, series: string) => {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

afterEach(() => {
  overrideConfigForTests({ METRICS_TOKEN: undefined });
});

describe("GET /api/metrics access", () => {
  it("is 404 without METRICS_TOKEN, whatever is sent", async () => {
    overrideConfigForTests({ METRICS_TOKEN: undefined });
    for (const auth of [undefined, `Bearer ${TOKEN}`, "Bearer "]) expect((await scrape(auth)).status).toBe(404);
  });

  it("is 401 without the token or with a wrong one, in the error contract", async () => {
    overrideConfigForTests({ METRICS_TOKEN: TOKEN });
    for (const auth of [
      undefined,
      "Bearer ",
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Basic ${Buffer.from(`x:${TOKEN}`).toString("base64")}`,
      TOKEN,
    ]) {
      const res = await scrape(auth);
      expect(res.status, String(auth)).toBe(401);
      expect((await res.json()).error.code).toBe("unauthorized");
    }
  });
});

describe("GET /api/metrics content", () => {
  const ids = {
    chargeId: `ch-metrics-${randomUUID()}`,
    ops: [randomUUID(), randomUUID()],
    queue: `metrics-test-${Date.now()}`,
  };
  let notifications: string[] = [];

  beforeAll(async () => {
    await pool.query(
      `INSERT INTO ledger_transactions (id, type, status, amount, amount_captured, currency, time_created, payload, source, updated_at)
       VALUES ($1, 'charge', 'succeeded', 1000, 1000, 'USD', now(), '{}', 'console', now())`,
      [ids.chargeId],
    );
  });
  afterAll(async () => {
    await pool.query("DELETE FROM operations WHERE id = ANY($1::uuid[])", [ids.ops]);
    await pool.query("DELETE FROM ledger_transactions WHERE id = $1", [ids.chargeId]);
    await pool.query("DELETE FROM webhook_notifications WHERE id = ANY($1::bigint[])", [notifications]);
    const boss = await getBoss();
    await boss.purgeQueue(ids.queue);
    await boss.deleteQueue(ids.queue);
    await stopBoss();
  });

  it("answers the text format, not cached, with the route pattern's latency and no id", async () => {
    overrideConfigForTests({ METRICS_TOKEN: TOKEN });
    const series =
      'console_http_request_duration_seconds_count{method="GET",route="/api/transactions/[id]",status="200"}';
    const before = seriesValue(await (await scrape(`Bearer ${TOKEN}`)).text(), series) ?? 0;
    const concrete = "/api/transactions/ch_metrics_777";
    await route({ permission: "public" }, async () => ({ ok: true }))(
      new NextRequest(`http://console.test${concrete}`),
      { params: Promise.resolve({}) },
    );

    const res = await scrape(`bearer  ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const text = await res.text();
    expect(seriesValue(text, series)).toBe(before + 1);
    expect(text).toContain(
      'console_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/transactions/[id]",status="200"}',
    );
    expect(text).not.toContain("ch_metrics_777");
    // The scrapes themselves are requests too, under their own pattern.
    expect(text).toContain('route="/api/metrics",status="200"');
    // Process default metrics.
    expect(text).toMatch(/^process_cpu_user_seconds_total /m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes /m);
  });

  it("reads the database gauges at scrape time: unknown and approval-waiting operations, queue depth, waiting notifications and apply lag", async () => {
    overrideConfigForTests({ METRICS_TOKEN: TOKEN });
    const read = async () => {
      const text = await (await scrape(`Bearer ${TOKEN}`)).text();
      return {
        up: seriesValue(text, "console_metrics_database_up"),
        unknown: seriesValue(text, 'console_operations{status="unknown"}'),
        approval: seriesValue(text, 'console_operations{status="pending_approval"}'),
        pending: seriesValue(text, 'console_webhook_notifications_waiting{state="pending"}'),
        unconfirmed: seriesValue(text, 'console_webhook_notifications_waiting{state="unconfirmed"}'),
        lag: seriesValue(text, "console_webhook_apply_lag_seconds"),
        unverifiable: seriesValue(text, 'console_webhook_notifications_received_5m{verification="unverifiable"}'),
        verified: seriesValue(text, 'console_webhook_notifications_received_5m{verification="verified"}'),
        created: seriesValue(text, `console_job_queue_depth{queue="${ids.queue}",state="created"}`),
        active: seriesValue(text, `console_job_queue_depth{queue="${ids.queue}",state="active"}`),
        renewals: seriesValue(text, "console_upi_token_renewals_total"),
        plumbing: text.includes('queue="__pgboss__'),
      };
    };
    const boss = await getBoss();
    await boss.createQueue(ids.queue);
    const before = await read();
    // pg-boss's own queues (its cron hand-off) are no work of the console's.
    expect(before).toMatchObject({ up: 1, created: 0, active: 0, plumbing: false });

    for (const [id, status] of [
      [ids.ops[0], "unknown"],
      [ids.ops[1], "pending_approval"],
    ] as const) {
      await pool.query(
        `INSERT INTO operations (id, kind, transaction_id, reference, idempotency_key, request_hash, amount, currency, status, requested_by_id, requested_by_email, updated_at)
         VALUES ($1, 'refund', $2, $3, $4, 'h', 100, 'USD', $5, $6, 'fin@example.com', now())`,
        [id, ids.chargeId, `rf-${id}`, randomUUID(), status, randomUUID()],
      );
    }
    const { rows } = await pool.query<{ id: string }>(
      `INSERT INTO webhook_notifications (dedup_key, content_type, raw_body, fields, verification, apply_state, received_at)
       VALUES ($1, 'application/json', '{}', '{}', 'verified', 'pending', now() - interval '1 hour'),
              ($2, 'application/json', '{}', '{}', 'unverifiable', 'unconfirmed', now())
       RETURNING id`,
      [randomUUID(), randomUUID()],
    );
    notifications = rows.map((r) => r.id);
    await boss.send(ids.queue, { n: 1 });
    await boss.send(ids.queue, { n: 2 });
    tokenManager.renewals += 2;

    const after = await read();
    expect(after).toMatchObject({
      up: 1,
      unknown: before.unknown! + 1,
      approval: before.approval! + 1,
      pending: before.pending! + 1,
      unconfirmed: before.unconfirmed! + 1,
      created: 2,
      active: 0,
      renewals: before.renewals! + 2,
      // The unconfirmed one arrived now; the pending one an hour ago, outside the five minutes.
      unverifiable: before.unverifiable! + 1,
      verified: before.verified,
    });
    expect(after.lag).toBeGreaterThanOrEqual(3600);
  });

  it("a database that does not answer in time makes the scrape say so, not hang or report stale gauges", async () => {
    overrideConfigForTests({ METRICS_TOKEN: TOKEN });
    const blocker = await pool.connect();
    try {
      await blocker.query("BEGIN");
      await blocker.query("LOCK TABLE operations IN ACCESS EXCLUSIVE MODE");
      const started = Date.now();
      const res = await scrape(`Bearer ${TOKEN}`);
      const text = await res.text();
      expect(res.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(10_000); // the lock is held until the end: without its deadline it would hang
      expect(seriesValue(text, "console_metrics_database_up")).toBe(0);
      expect(text).not.toMatch(/^console_operations\{/m);
      expect(text).toMatch(/^console_http_request_duration_seconds_count\{/m);
    } finally {
      await blocker.query("ROLLBACK");
      blocker.release();
    }
    // A scrape answered within its deadline again; on a loaded machine that may take a try or two.
    await expect
      .poll(async () => seriesValue(await (await scrape(`Bearer ${TOKEN}`)).text(), "console_metrics_database_up"))
      .toBe(1);
  });
});
