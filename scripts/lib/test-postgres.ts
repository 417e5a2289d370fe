import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./net";
import { withPg } from "./users";

function findPgBin(name: string): string | null {
  const fromPath = spawnSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" }).stdout.trim();
  if (fromPath) return fromPath;
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  for (const version of readdirSync(root).sort().reverse()) {
    const candidate = join(root, version, "bin", name);
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

const isRoot = process.getuid?.() === 0;

function ensureServerBinaries(): { initdb: string; pgCtl: string } {
  let initdb = findPgBin("initdb");
  let pgCtl = findPgBin("pg_ctl");
  if ((!initdb || !pgCtl) && isRoot) {
    console.log("PostgreSQL server binaries missing: installing Debian's postgresql…");
    execFileSync(
      "sh",
      ["-c", "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql"],
      { stdio: "inherit" },
    );
    initdb = findPgBin("initdb");
    pgCtl = findPgBin("pg_ctl");
  }
  if (!initdb || !pgCtl) {
    throw new Error(
      "PostgreSQL server binaries (initdb, pg_ctl) are missing: `sudo apt-get install postgresql`, or set TEST_DATABASE_URL.",
    );
  }
  return { initdb, pgCtl };
}

/** Runs a command as the postgres user when we are root (initdb refuses root). */
function asOwner(cmd: string, args: string[]) {
  const quoted = [cmd, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(" ");
  const result = isRoot
    ? spawnSync("su", ["postgres", "-s", "/bin/sh", "-c", quoted], { encoding: "utf8" })
    : spawnSync("sh", ["-c", quoted], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${cmd} failed: ${result.stderr || result.stdout}`);
}

export type TestCluster = { adminUrl: string; databaseUrl(name: string): string; stop(): void };

/** A throwaway PostgreSQL cluster on a free loopback port, removed by stop(). */
export async function startTestCluster(): Promise<TestCluster> {
  const { initdb, pgCtl } = ensureServerBinaries();
  const dir = mkdtempSync(join(tmpdir(), "console-pg-"));
  chmodSync(dir, 0o700);
  if (isRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, "data");
  const port = await freePort();
  asOwner(initdb, ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  asOwner(pgCtl, [
    "-D",
    data,
    "-l",
    join(dir, "log"),
    "-w",
    "-t",
    "60",
    "start",
    "-o",
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
  ]);
  const base = `postgresql://postgres@127.0.0.1:${port}`;
  return {
    adminUrl: `${base}/postgres`,
    databaseUrl: (name) => `${base}/${name}`,
    stop() {
      try {
        asOwner(pgCtl, ["-D", data, "-m", "immediate", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** Drops and recreates a database so each run starts clean. */
export async function recreateDatabase(adminUrl: string, name: string): Promise<void> {
  await withPg(adminUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${name}"`);
  });
}
