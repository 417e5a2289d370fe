import { spawn } from "node:child_process";
import { cpSync, mkdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";

/**
 * Moving an earlier version's local data (PGlite under `.data/pglite`) into the embedded
 * PostgreSQL server: a copy of the old directory is opened with the PGlite it was made by,
 * dumped with PGlite's own pg_dump, restored into a new cluster, and every table counted on
 * both sides. The old directory is never written; the caller keeps it until the person
 * deletes it.
 *
 * The console no longer depends on PGlite, so its reader is fetched from the npm registry
 * (the same place `npm install` fetched everything else) into `<data>/.upgrade-tools`, and
 * only when an old directory is found.
 */

// The one PGlite every earlier version of the console pinned, and the pg_dump built for it.
const READER = ["@electric-sql/pglite@0.5.14", "@electric-sql/pglite-tools@0.4.8"];

export type TableCount = { table: string; before: number; after: number };

function npm(args: string[]): Promise<{ code: number; output: string }> {
  // Under `npm start`, the npm that runs us; otherwise the one on PATH.
  const cli = process.env.npm_execpath;
  const [cmd, pre] = cli?.endsWith(".js") ? [process.execPath, [cli]] : ["npm", []];
  return new Promise((done) => {
    const child = spawn(cmd, [...pre, ...args], { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (c) => (output += c));
    child.stderr.on("data", (c) => (output += c));
    child.on("error", (e) => done({ code: 1, output: e.message }));
    child.on("exit", (code) => done({ code: code ?? 1, output }));
  });
}

type Reader = {
  // biome-ignore lint/suspicious/noExplicitAny: PGlite's own types are not a dependency of the console.
  PGlite: any;
  // biome-ignore lint/suspicious/noExplicitAny: idem.
  pg_trgm: any;
  // biome-ignore lint/suspicious/noExplicitAny: idem.
  pgDump: (o: { pg: any; args: string[] }) => Promise<{ text(): Promise<string> }>;
};

async function loadReader(toolsDir: string): Promise<Reader> {
  const req = () => createRequire(join(resolve(toolsDir), "package.json"));
  const has = () => {
    try {
      req().resolve("@electric-sql/pglite-tools/pg_dump");
      return true;
    } catch {
      return false;
    }
  };
  if (!has()) {
    mkdirSync(toolsDir, { recursive: true });
    console.log(`Fetching the reader of the earlier database format (${READER.join(", ")}) from the npm registry…`);
    const r = await npm([
      "install",
      "--prefix",
      toolsDir,
      "--no-audit",
      "--no-fund",
      "--no-package-lock",
      "--legacy-peer-deps",
      ...READER,
    ]);
    if (r.code !== 0 || !has())
      throw new Error(
        `could not fetch ${READER.join(" and ")} from the npm registry (needed once, to read .data/pglite):\n${r.output.trim().split("\n").slice(-5).join("\n")}`,
      );
  }
  const load = (name: string) => import(pathToFileURL(req().resolve(name)).href);
  const [core, trgm, dump] = await Promise.all([
    load("@electric-sql/pglite"),
    load("@electric-sql/pglite/contrib/pg_trgm"),
    load("@electric-sql/pglite-tools/pg_dump"),
  ]);
  return { PGlite: core.PGlite, pg_trgm: trgm.pg_trgm, pgDump: dump.pgDump };
}

const TABLES = `SELECT quote_ident(table_schema) || '.' || quote_ident(table_name) AS name
  FROM information_schema.tables
  WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')
  ORDER BY 1`;

/**
 * pg_dump 18's `\restrict <key>` / `\unrestrict <key>` lines are psql meta-commands, not SQL: a
 * restore through a driver skips them — and only them: a line of a multi-line text value may
 * start with a backslash too.
 */
export const withoutMetaCommands = (dump: string) =>
  dump
    .split("\n")
    .filter((line) => !/^\\(un)?restrict [A-Za-z0-9]+$/.test(line))
    .join("\n");

/**
 * Copies the PGlite database in `pgliteDir` into the (empty, running) database `targetUrl`,
 * inside one transaction: on any failure nothing stays behind. Answers the per-table counts.
 */
export async function movePgliteInto(pgliteDir: string, targetUrl: string, toolsDir: string): Promise<TableCount[]> {
  const reader = await loadReader(toolsDir);
  // PGlite replays its log on open: it opens a copy, so the original stays exactly as it was.
  const copy = `${resolve(toolsDir)}/copy-${process.pid}`;
  rmSync(copy, { recursive: true, force: true });
  cpSync(pgliteDir, copy, { recursive: true });
  // biome-ignore lint/suspicious/noExplicitAny: PGlite's own types are not a dependency of the console.
  let old: any;
  try {
    old = await reader.PGlite.create(copy, { extensions: { pg_trgm: reader.pg_trgm } });
  } catch (e) {
    rmSync(copy, { recursive: true, force: true });
    throw new Error(`${pgliteDir} could not be opened as a PGlite database: ${(e as Error).message}`);
  }
  const before = new Map<string, number>();
  let dump: string;
  try {
    for (const { name } of (await old.query(TABLES)).rows as { name: string }[]) {
      const { rows } = await old.query(`SELECT count(*)::int AS n FROM ${name}`);
      before.set(name, (rows[0] as { n: number }).n);
    }
    dump = await (
      await reader.pgDump({ pg: old, args: ["--no-owner", "--no-privileges", "--inserts", "--rows-per-insert=500"] })
    ).text();
  } finally {
    await old.close().catch(() => undefined);
    rmSync(copy, { recursive: true, force: true });
  }

  const client = new pg.Client({ connectionString: targetUrl });
  await client.connect();
  try {
    await client.query("BEGIN");
    await client.query(withoutMetaCommands(dump));
    // The dump empties search_path for its own statements; the console's connections need it back.
    await client.query("SELECT pg_catalog.set_config('search_path', '\"$user\", public', false)");
    const counts: TableCount[] = [];
    const after = new Map<string, number>();
    for (const { name } of (await client.query<{ name: string }>(TABLES)).rows) {
      const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${name}`);
      after.set(name, rows[0]!.n);
    }
    for (const table of new Set([...before.keys(), ...after.keys()]))
      counts.push({ table, before: before.get(table) ?? -1, after: after.get(table) ?? -1 });
    const differ = counts.filter((c) => c.before !== c.after);
    if (differ.length)
      throw new Error(
        `row counts differ after the restore: ${differ.map((c) => `${c.table} ${c.before} → ${c.after}`).join(", ")}`,
      );
    await client.query("COMMIT");
    return counts;
  } catch (e) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw e;
  } finally {
    await client.end();
  }
}

/** The per-table counts as a person reads them at start. */
export function formatCounts(counts: TableCount[]): string {
  const width = Math.max(...counts.map((c) => c.table.length), 5);
  const rows = counts.filter((c) => c.before > 0);
  return [
    `  ${"table".padEnd(width)}  before   after`,
    ...rows.map((c) => `  ${c.table.padEnd(width)}  ${String(c.before).padStart(6)}  ${String(c.after).padStart(6)}`),
    `  (${counts.length - rows.length} empty tables not listed)`,
  ].join("\n");
}
