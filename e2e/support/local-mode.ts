import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { freePort } from "../../scripts/lib/net";
import type { Role } from "../../lib/platform/auth/permissions";
import { addPerson, type Person } from "../../scripts/lib/walk";

// Issue 29: `npm start`'s own launcher (scripts/run.mjs → dist/start.mjs) in local mode — no
// DATABASE_URL, the embedded PostgreSQL server and the sandbox it starts itself — as a new user
// runs it, in a data directory of the test's.

/** A fixed key, so the test can seal the authenticator secrets of the people it adds. */
export const LOCAL_SECRETS_KEY = "bG9jYWwtbW9kZS10ZXN0LWtleS0zMi1ieXRlcyEhISE=";

/** What the suite's own environment sets and local mode must not inherit. */
const SUITE_ONLY = [
  "DATABASE_URL",
  "DATABASE_MIGRATION_URL",
  "UPI_BASE_URL",
  "CUSTOMS_BASE_URL",
  "NEXTAUTH_URL",
  "NEXTAUTH_SECRET",
  "CONSOLE_RESPONSE_LOG",
  "E2E_PORT",
  "MERCHANT_CUSTOMS_CODE",
  "MERCHANT_CUSTOMS_NAME",
];

export type Launcher = {
  url: string;
  sandboxUrl: string;
  dataDir: string;
  /** The embedded database, as the console's own role reaches it. */
  dbUrl: string;
  child: ChildProcess;
  output: () => string;
  /** Ctrl-C: the launcher stops the server, then the database; answers its exit code. */
  stop: () => Promise<number | null>;
  /** kill -KILL of every process of local mode at once (a crash, a power cut). */
  crash: () => Promise<void>;
};

const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) if (child.pid) process.kill(-child.pid, "SIGKILL");
});

export async function startLauncher(dataDir: string, env: Record<string, string> = {}): Promise<Launcher> {
  const [port, sandboxPort, dbPort] = [await freePort(), await freePort(), await freePort()];
  const base: NodeJS.ProcessEnv = { ...process.env };
  for (const name of SUITE_ONLY) delete base[name];
  const child = spawn(process.execPath, ["scripts/run.mjs", "start"], {
    env: {
      ...base,
      PORT: String(port),
      SANDBOX_PORT: String(sandboxPort),
      CONSOLE_DB_PORT: String(dbPort),
      CONSOLE_DATA_DIR: dataDir,
      SECRETS_KEY: LOCAL_SECRETS_KEY,
      ...env,
    },
    // Its own process group: a crash kills every process of local mode, as a power cut would.
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<number | null>((resolve) =>
    child.on("exit", (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}):\n${output.slice(-4000)}`);
    if (output.includes(`Merchant Console: ${url}`)) {
      const ok = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5000) }).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
    }
    if (Date.now() > deadline) {
      process.kill(-child.pid!, "SIGKILL");
      throw new Error(`npm start did not come up in 240 s:\n${output.slice(-4000)}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const password = readFileSync(join(dataDir, "postgres-password"), "utf8").trim();
  return {
    url,
    sandboxUrl: `http://127.0.0.1:${sandboxPort}`,
    dataDir,
    dbUrl: `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${dbPort}/console`,
    child,
    output: () => output,
    async stop() {
      child.kill("SIGINT");
      return exited;
    },
    async crash() {
      // The database runs in its own process group (a Ctrl-C must not reach it before the
      // console has drained): killed by the pid it wrote.
      const postmaster = Number(readFileSync(join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0]);
      process.kill(-child.pid!, "SIGKILL");
      process.kill(postmaster, "SIGKILL");
      await exited;
      // The group's other processes (the server, PostgreSQL) die with it; wait until they have.
      for (let i = 0; i < 100; i++) {
        try {
          process.kill(-child.pid!, 0);
        } catch {
          return;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    },
  };
}

/** A person of `role` with `sessions` sessions signed in to this launcher's console. */
export const signedIn = (launcher: Launcher, role: Role, sessions: number, name: string = role): Promise<Person> =>
  addPerson({ dbUrl: launcher.dbUrl, base: launcher.url, secretsKey: LOCAL_SECRETS_KEY }, role, sessions, name);
