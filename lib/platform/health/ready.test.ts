import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { overrideConfigForTests } from "@/lib/platform/config";
import { NextRequest } from "next/server";
import { GET } from "@/app/api/ready/route";
import { pool } from "@/lib/platform/db";
import { markWorkers } from "@/lib/platform/jobs/state";
import { checkReadiness } from "./ready";

// GET /api/ready: 200 only when the database answers, every shipped migration is applied and
// none failed, and this process's job workers run (or are switched off on purpose).
const ready = async () => {
  const res = await GET(new NextRequest("http://console.test/api/ready"), { params: Promise.resolve({}) });
  return { status: res.status, body: await res.json(), cacheControl: res.headers.get("cache-control") };
};

afterEach(() => {
  overrideConfigForTests({ CONSOLE_WORKERS: undefined });
  markWorkers("not_started");
});

describe("GET /api/ready", () => {
  it("is 200 on a migrated database with the workers running", async () => {
    markWorkers("running");
    expect(await ready()).toEqual({
      status: 200,
      body: { ok: true, checks: { database: "ok", migrations: "ok", workers: "running" } },
      cacheControl: "no-store",
    });
  });

  it("is ready with CONSOLE_WORKERS=off: workers disabled on purpose", async () => {
    overrideConfigForTests({ CONSOLE_WORKERS: "off" });
    expect((await ready()).body).toEqual({
      ok: true,
      checks: { database: "ok", migrations: "ok", workers: "disabled" },
    });
  });

  it("is 503 naming the workers when they did not start, or stopped", async () => {
    for (const state of ["not_started", "failed", "stopped"] as const) {
      markWorkers(state);
      expect(await ready()).toMatchObject({
        status: 503,
        body: { ok: false, failed: ["workers"], checks: { database: "ok", migrations: "ok", workers: state } },
      });
    }
  });

  it("is 503 naming migrations when one failed half-way, with no error text", async () => {
    markWorkers("running");
    const name = `29991231000000_failed_for_test_${process.pid}`;
    await pool.query(
      "INSERT INTO _prisma_migrations (id, checksum, migration_name, logs, started_at, applied_steps_count) VALUES ($1, 'x', $2, 'ERROR: secret detail at db.internal.example', now(), 0)",
      [`test-${process.pid}-${Date.now()}`, name],
    );
    try {
      const { status, body } = await ready();
      expect(status).toBe(503);
      expect(body).toEqual({
        ok: false,
        failed: ["migrations"],
        checks: { database: "ok", migrations: "failed", workers: "running" },
      });
    } finally {
      await pool.query("DELETE FROM _prisma_migrations WHERE migration_name = $1", [name]);
    }
    expect((await ready()).status).toBe(200);
  });
});

describe("checkReadiness", () => {
  const root = mkdtempSync(join(tmpdir(), "migrations-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("names migrations when the release ships one the database does not have", async () => {
    markWorkers("running");
    const dir = join(root, "with-extra");
    cpSync(join(process.cwd(), "prisma", "migrations"), dir, { recursive: true });
    expect(await checkReadiness({ migrationsDir: dir })).toMatchObject({ ok: true });
    const extra = join(root, "one-more");
    cpSync(dir, extra, { recursive: true });
    mkdirSync(join(extra, "29991231000000_not_applied_yet"));
    writeFileSync(join(extra, "29991231000000_not_applied_yet", "migration.sql"), "SELECT 1;");
    expect(await checkReadiness({ migrationsDir: extra })).toEqual({
      ok: false,
      failed: ["migrations"],
      checks: { database: "ok", migrations: "pending", workers: "running" },
    });
    // A folder without migration.sql is no migration (Prisma ignores it too).
    const stray = join(root, "stray");
    cpSync(dir, stray, { recursive: true });
    mkdirSync(join(stray, "notes"));
    expect((await checkReadiness({ migrationsDir: stray })).ok).toBe(true);
    expect(readdirSync(dir).length).toBeGreaterThan(10);
  });

  it("names migrations, not the database, when the migrations query does not answer in time", async () => {
    markWorkers("running");
    const blocker = await pool.connect();
    try {
      await blocker.query("BEGIN");
      await blocker.query("LOCK TABLE _prisma_migrations IN ACCESS EXCLUSIVE MODE");
      const started = Date.now();
      // Time enough for the connection and its first answer on a loaded machine; the locked query never answers.
      const result = await checkReadiness({ timeoutMs: 2000 });
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(result).toEqual({
        ok: false,
        failed: ["migrations"],
        checks: { database: "ok", migrations: "unknown", workers: "running" },
      });
    } finally {
      await blocker.query("ROLLBACK");
      blocker.release();
    }
  });

  it("names the database when no connection answers in time (here: the pool is exhausted), with nothing more", async () => {
    markWorkers("running");
    const held = await Promise.all(Array.from({ length: pool.options.max }, () => pool.connect()));
    try {
      const started = Date.now();
      expect(await checkReadiness({ timeoutMs: 300 })).toEqual({
        ok: false,
        failed: ["database", "migrations"],
        checks: { database: "unreachable", migrations: "unknown", workers: "running" },
      });
      expect(Date.now() - started).toBeLessThan(10_000); // a pool's wait has no end of its own
    } finally {
      for (const client of held) client.release();
    }
    expect((await checkReadiness()).ok).toBe(true);
  });
});
