import "server-only";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type pg from "pg";
import { pool } from "@/lib/platform/db";
import { workersState, type WorkersState } from "@/lib/platform/jobs/state";
import { withDeadline } from "./deadline";

// Readiness: database answers, every shipped migration applied, workers run; the answer names no host or error.

export type ReadyChecks = {
  database: "ok" | "unreachable";
  migrations: "ok" | "pending" | "failed" | "unknown";
  workers: WorkersState | "disabled";
};
export type Readiness = { ok: boolean; failed: (keyof ReadyChecks)[]; checks: ReadyChecks };

const PASSING = { database: ["ok"], migrations: ["ok"], workers: ["running", "disabled"] } as const;

export const READY_TIMEOUT_MS = 2000;

const shipped = new Map<string, string[]>();

function shippedMigrations(dir: string): string[] {
  let names = shipped.get(dir);
  if (!names) {
    names = readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory() && existsSync(join(dir, e.name, "migration.sql")))
      .map((e) => e.name);
    shipped.set(dir, names);
  }
  return names;
}

type Row = { migration_name: string; finished: boolean; rolled_back: boolean };

async function readMigrations(client: pg.PoolClient): Promise<Row[] | null> {
  try {
    const { rows } = await client.query<Row>(
      "SELECT migration_name, finished_at IS NOT NULL AS finished, rolled_back_at IS NOT NULL AS rolled_back FROM _prisma_migrations",
    );
    return rows;
  } catch (error) {
    if ((error as { code?: string }).code === "42P01") return null; // never migrated
    throw error;
  }
}

function migrationsCheck(rows: Row[] | null, names: string[]): ReadyChecks["migrations"] {
  if (!rows) return "pending";
  if (rows.some((r) => !r.finished && !r.rolled_back)) return "failed";
  const applied = new Set(rows.filter((r) => r.finished && !r.rolled_back).map((r) => r.migration_name));
  return names.every((name) => applied.has(name)) ? "ok" : "pending";
}

type DatabaseChecks = Pick<ReadyChecks, "database" | "migrations">;

async function databaseChecks(dir: string, timeoutMs: number, found: DatabaseChecks): Promise<void> {
  const client = await pool.connect();
  let broken: unknown;
  try {
    await client.query(`SET statement_timeout = ${timeoutMs}`);
    await client.query("SELECT 1");
    found.database = "ok";
    const rows = await readMigrations(client);
    let names: string[] | null = null;
    try {
      names = shippedMigrations(dir);
    } catch {
      // No migrations directory shipped: what is applied cannot be compared ("unknown").
    }
    if (names) found.migrations = migrationsCheck(rows, names);
  } catch (error) {
    broken = error;
  } finally {
    if (!broken)
      broken = await client.query("RESET statement_timeout").then(
        () => undefined,
        (error: unknown) => error,
      );
    client.release(broken ? true : undefined);
  }
}

export async function checkReadiness(options: { migrationsDir?: string; timeoutMs?: number } = {}): Promise<Readiness> {
  const timeoutMs = options.timeoutMs ?? READY_TIMEOUT_MS;
  const dir = options.migrationsDir ?? join(process.cwd(), "prisma", "migrations");
  const found: DatabaseChecks = { database: "unreachable", migrations: "unknown" };
  await withDeadline(databaseChecks(dir, timeoutMs, found), timeoutMs).catch(() => {});
  const checks: ReadyChecks = { database: found.database, migrations: found.migrations, workers: workersState() };
  const failed = (Object.keys(checks) as (keyof ReadyChecks)[]).filter(
    (name) => !PASSING[name].includes(checks[name] as never),
  );
  return { ok: failed.length === 0, failed, checks };
}
