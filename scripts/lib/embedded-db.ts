import { createHash } from "node:crypto";
import {
  chownSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { basename, join } from "node:path";
import { serverCanReach, serverOwner } from "./postgres-binaries";
import { localSecret } from "./local-secret";
import { freePort } from "./net";
import { formatCounts, movePgliteInto } from "./pglite-upgrade";
import {
  isCluster,
  PostgresPortTaken,
  type PostgresServer,
  startPostgresServer,
  stopLeftover,
} from "./postgres-server";
import { withPg } from "./users";

/** The database local mode's console uses on its embedded server. */
export const LOCAL_DATABASE = "console";
const DEFAULT_PORT = 54329;

/**
 * Local mode's settings: a small server for one merchant's staff on one machine. Durable
 * (fsync on: a crash loses nothing committed), lean (shared buffers and connections sized for
 * the console's pools: the app's 10, the webhook path's 8, pg-boss's and the bus's few).
 */
const LOCAL_SETTINGS = {
  // 16 MB holds one merchant's hot rows; the kernel's page cache holds the rest (bench:memory).
  shared_buffers: "16MB",
  max_connections: 60,
  // No logical replication here: its launcher is one process less.
  max_logical_replication_workers: 0,
  work_mem: "4MB",
  maintenance_work_mem: "32MB",
  max_wal_size: "256MB",
  // What a person reads in .data/postgres.log: problems, not every checkpoint.
  log_checkpoints: "off",
};

/** The port: CONSOLE_DB_PORT exactly (taken → an error that says so), else 54329 or any free one. */
async function choosePort(env: NodeJS.ProcessEnv): Promise<{ port: number; exact: boolean }> {
  const wanted = env.CONSOLE_DB_PORT;
  if (wanted !== undefined) {
    const port = Number(wanted);
    if (!Number.isInteger(port) || port < 1 || port > 65535)
      throw new Error(`CONSOLE_DB_PORT must be a TCP port number, got "${wanted}".`);
    return { port, exact: true };
  }
  return { port: await freePort(DEFAULT_PORT), exact: false };
}

/**
 * `url`: the owner's (the superuser, who migrates and owns the tables); `appUrl`: the role the
 * console connects with, as in production (scripts/lib/db-roles.ts), so the audit log's
 * append-only guarantee holds in local mode too (issue 48, item 16).
 */
export type LocalDatabase = { url: string; appUrl: string; server: PostgresServer; notes: string[] };

/** The console's own role in local mode. */
export const LOCAL_APP_ROLE = "console_app";

/**
 * Local mode's database (`npm start` without DATABASE_URL): a PostgreSQL server under
 * `<dataRoot>/postgres`, on loopback, with a password generated into `<dataRoot>`. A server
 * left running by a launcher that was killed is stopped first; a stale lock after a crash is
 * PostgreSQL's own recovery. An earlier version's PGlite data is moved in on first start.
 */
export async function startLocalDatabase(dataRoot: string, env: NodeJS.ProcessEnv): Promise<LocalDatabase> {
  const notes: string[] = [];
  const dir = clusterHome(dataRoot, notes);
  const password = localSecret(join(dataRoot, "postgres-password"));
  if (isCluster(dir) && (await stopLeftover(dir)))
    notes.push("A database server left running by an earlier start (its launcher was killed) was stopped first.");

  const pgliteDir = join(dataRoot, "pglite");
  // A PGlite directory is a PostgreSQL data directory too (PG_VERSION marks both).
  if (!isCluster(dir) && isCluster(pgliteDir)) await upgradeFromPglite(dataRoot, pgliteDir, password, notes);
  else if (isCluster(pgliteDir)) notes.push(movedNote(dataRoot));

  const { port, exact } = await choosePort(env);
  const logFile = join(dataRoot, "postgres.log");
  let server: PostgresServer;
  try {
    server = await startPostgresServer({ dataDir: dir, port, password, settings: LOCAL_SETTINGS, logFile });
  } catch (e) {
    // Taken between the check and the listen: once more on any free port, unless one was asked for.
    if (!(e instanceof PostgresPortTaken) || exact) throw e;
    const again = { dataDir: dir, port: await freePort(), password, settings: LOCAL_SETTINGS, logFile };
    server = await startPostgresServer(again);
  }
  const appPassword = localSecret(join(dataRoot, "app-password"));
  try {
    await withPg(server.url(), async (client) => {
      const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [LOCAL_DATABASE]);
      if (!rowCount) await client.query(`CREATE DATABASE ${LOCAL_DATABASE}`);
      const role = await client.query("SELECT 1 FROM pg_roles WHERE rolname = $1", [LOCAL_APP_ROLE]);
      const password = `'${appPassword.replace(/'/g, "''")}'`;
      await client.query(
        role.rowCount
          ? `ALTER ROLE ${LOCAL_APP_ROLE} LOGIN NOSUPERUSER PASSWORD ${password}`
          : `CREATE ROLE ${LOCAL_APP_ROLE} LOGIN NOSUPERUSER PASSWORD ${password}`,
      );
    });
    // A data directory from before: the job queue's schema, made by the console when it still
    // connected as the superuser, becomes the console role's, as it is where that role made it.
    await withPg(server.url(LOCAL_DATABASE), async (client) => {
      const { rows } = await client.query<{ sql: string }>(
        `SELECT format('ALTER %s %s OWNER TO ${LOCAL_APP_ROLE}',
                       CASE c.relkind WHEN 'S' THEN 'SEQUENCE' WHEN 'v' THEN 'VIEW' ELSE 'TABLE' END, c.oid::regclass) AS sql
           FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = 'pgboss' AND c.relkind IN ('r', 'p', 'S', 'v')
            AND pg_get_userbyid(c.relowner) <> '${LOCAL_APP_ROLE}'
         UNION ALL
         SELECT format('ALTER FUNCTION %s OWNER TO ${LOCAL_APP_ROLE}', p.oid::regprocedure)
           FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
          WHERE n.nspname = 'pgboss' AND pg_get_userbyid(p.proowner) <> '${LOCAL_APP_ROLE}'
         UNION ALL
         SELECT 'ALTER SCHEMA pgboss OWNER TO ${LOCAL_APP_ROLE}' FROM pg_namespace
          WHERE nspname = 'pgboss' AND pg_get_userbyid(nspowner) <> '${LOCAL_APP_ROLE}'`,
      );
      for (const { sql } of rows) await client.query(sql);
    });
  } catch (e) {
    await server.stop();
    throw e;
  }
  const app = new URL(server.url(LOCAL_DATABASE));
  app.username = LOCAL_APP_ROLE;
  app.password = appPassword;
  return { url: server.url(LOCAL_DATABASE), appUrl: app.toString(), server, notes };
}

/** Where root's clusters go when the checkout is out of the postgres user's reach (a clone under /root). */
export const UNREACHABLE_HOME = "/var/lib/merchant-console";

/**
 * The cluster's directory: `<dataRoot>/postgres`, or, when the server's user cannot reach the
 * data root, a directory of this checkout's under UNREACHABLE_HOME, linked from `<dataRoot>/postgres`.
 */
function clusterHome(dataRoot: string, notes: string[]): string {
  const here = join(dataRoot, "postgres");
  const linked = existsSync(here) && lstatSync(here).isSymbolicLink() ? readlinkSync(here) : null;
  if (!linked && (isCluster(here) || serverCanReach(dataRoot))) return here;
  const root = realpathSync(dataRoot);
  const away =
    linked ??
    join(
      UNREACHABLE_HOME,
      `${basename(join(root, ".."))}-${createHash("sha256").update(root).digest("hex").slice(0, 8)}`,
      "postgres",
    );
  if (!linked) {
    const owner = serverOwner();
    mkdirSync(join(away, ".."), { recursive: true, mode: 0o755 });
    if (owner) chownSync(join(away, ".."), owner.uid, owner.gid);
    rmSync(here, { recursive: true, force: true }); // an empty or half-made directory of a refused start
    symlinkSync(away, here);
  }
  notes.push(
    `${dataRoot} is out of reach of the database's user (postgres), so the database itself is kept in ${away} (${here} points there).`,
  );
  return away;
}

const MARK = "pglite-moved";
const movedNote = (dataRoot: string) => {
  const when = existsSync(join(dataRoot, MARK)) ? readFileSync(join(dataRoot, MARK), "utf8").trim() : "earlier";
  return `${dataRoot}/pglite (the earlier embedded database) was moved into ${dataRoot}/postgres (${when}); delete it when you no longer need it.`;
};

/**
 * First start after the PGlite versions: the old data is restored into a cluster made beside
 * the final one, which takes its name only once every table counted the same. A failure
 * removes the new cluster and leaves the old data as it was.
 */
async function upgradeFromPglite(dataRoot: string, pgliteDir: string, password: string, notes: string[]) {
  console.log(`Moving ${pgliteDir} (the earlier embedded database, PGlite) into a PostgreSQL server…`);
  const staging = join(dataRoot, "postgres.moving");
  rmSync(staging, { recursive: true, force: true });
  let server: PostgresServer | undefined;
  try {
    server = await startPostgresServer({
      dataDir: staging,
      port: await freePort(),
      password,
      settings: LOCAL_SETTINGS,
      logFile: join(dataRoot, "postgres-move.log"),
    });
    await withPg(server.url(), (c) => c.query(`CREATE DATABASE ${LOCAL_DATABASE}`));
    const counts = await movePgliteInto(pgliteDir, server.url(LOCAL_DATABASE), join(dataRoot, ".upgrade-tools"));
    console.log(`Rows per table, before and after:\n${formatCounts(counts)}`);
    await server.stop();
    server = undefined;
    renameSync(staging, join(dataRoot, "postgres"));
    writeFileSync(join(dataRoot, MARK), `${new Date().toISOString()}\n`);
    rmSync(join(dataRoot, ".upgrade-tools"), { recursive: true, force: true });
    notes.push(movedNote(dataRoot));
  } catch (e) {
    await server?.stop("immediate").catch(() => undefined);
    rmSync(staging, { recursive: true, force: true });
    throw new Error(
      `the earlier local data in ${pgliteDir} could not be moved, and was left as it was: ${(e as Error).message}`,
    );
  }
}
