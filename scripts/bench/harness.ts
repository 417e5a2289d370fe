import { spawn, type ChildProcess } from "node:child_process";
import { openSync, readFileSync } from "node:fs";
import { runPrisma } from "../prisma";
import { buildIsStale, buildNext, serverArgs } from "../lib/build";
import { buildServer } from "../build-server.mjs";
import { freePort, waitForHttp } from "../lib/net";
import { recreateDatabase, startTestCluster, type TestCluster } from "../lib/test-postgres";
import { insertUser, withPg } from "../lib/users";
import { keyringOrThrow } from "../lib/secrets";
import { newTotpSecret } from "../../lib/platform/auth/totp";
import { requiresMfa } from "../../lib/platform/auth/session-policy";
import { presetOf } from "@/test/staff";

export const BENCH_SECRETS_KEY = "YmVuY2gtb25seS1zZWNyZXRzLWtleS0zMi1ieXRlcyE=";

/**
 * A real PostgreSQL, the sandbox in its own process and the console's compiled server (as
 * npm start runs it): what a benchmark measures. `instances` consoles share the database.
 */
export async function startStack(
  name: string,
  options: {
    consoleNodeArgs?: string[];
    instances?: number;
    consoleNodes?: string[];
    instanceArgs?: string[][];
    /** `ALTER DATABASE … SET` before any console connects (bench:scale: auto_explain of slow statements). */
    databaseSettings?: Record<string, string>;
  } = {},
) {
  const children: ChildProcess[] = [];
  const consoles: ChildProcess[] = [];
  let cluster: TestCluster | undefined = await startTestCluster();
  const databaseUrl = cluster.databaseUrl(name);
  const postgresLog = cluster.logFile;
  await recreateDatabase(cluster.adminUrl, name);
  const settings = Object.entries(options.databaseSettings ?? {});
  if (settings.length)
    await withPg(cluster.adminUrl, async (c) => {
      for (const [k, v] of settings) await c.query(`ALTER DATABASE "${name}" SET ${k} = '${v}'`);
    });
  const sandboxPort = await freePort();
  const consolePort = await freePort();
  const morePorts: number[] = [];
  for (let i = 1; i < (options.instances ?? 1); i++) morePorts.push(await freePort(consolePort + 1 + i));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    DATABASE_URL: databaseUrl,
    NEXTAUTH_SECRET: "bench-secret-0123456789abcdef0123456789",
    NEXTAUTH_URL: `http://localhost:${consolePort}`,
    SECRETS_KEY: BENCH_SECRETS_KEY,
    UPI_BASE_URL: `http://127.0.0.1:${sandboxPort}`,
  };
  const stop = () => {
    for (const c of children) c.kill("SIGTERM");
    cluster?.stop();
    cluster = undefined;
  };
  process.on("exit", stop);
  try {
    if ((await runPrisma(["migrate", "deploy"], env)) !== 0) throw new Error("migrate deploy failed");
    if (buildIsStale()) await buildNext(env);
    await buildServer();
    children.push(
      spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "sandbox/main.ts"], {
        env: { ...env, SANDBOX_PORT: String(sandboxPort), SANDBOX_DATA_DIR: `/tmp/bench-sandbox-${sandboxPort}` },
        stdio: "ignore",
      }),
    );
    for (const [i, port] of [consolePort, ...morePorts].entries()) {
      // Each instance on its own Node.js when given (bench:proxy: Node 20 beside Node 24).
      const node = options.consoleNodes?.[i] ?? process.execPath;
      consoles.push(
        spawn(
          node,
          [
            ...(options.consoleNodeArgs ?? []),
            ...(options.instanceArgs?.[i] ?? []),
            ...serverArgs(),
            "-p",
            String(port),
          ],
          {
            env,
            // BENCH_CONSOLE_LOG=<file>: the console's JSON lines (one per request, with its durationMs).
            stdio: [
              "ignore",
              process.env.BENCH_CONSOLE_LOG ? openSync(`${process.env.BENCH_CONSOLE_LOG}.${port}`, "w") : "ignore",
              "ignore",
            ],
          },
        ),
      );
    }
    children.push(...consoles);
    await waitForHttp(`http://127.0.0.1:${sandboxPort}/__sandbox/health`);
    for (const port of [consolePort, ...morePorts]) await waitForHttp(`http://localhost:${port}/login`);
  } catch (error) {
    stop();
    throw error;
  }
  const consoleUrls = [consolePort, ...morePorts].map((p) => `http://localhost:${p}`);
  /** Resident memory of each console process now, in MiB (Linux /proc). */
  const consoleRssMiB = () =>
    consoles.map((c) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${c.pid}/status`, "utf8"))?.[1] ?? 0) / 1024);
  /** CPU seconds (user + system) each console process has used so far (Linux /proc, 100 ticks a second). */
  const consoleCpuSeconds = () =>
    consoles.map((c) => {
      const fields = readFileSync(`/proc/${c.pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      return (Number(fields[11]) + Number(fields[12])) / 100;
    });
  return {
    env,
    databaseUrl,
    sandboxUrl: env.UPI_BASE_URL!,
    consoleUrl: env.NEXTAUTH_URL!,
    consoleUrls,
    consoleRssMiB,
    consoleCpuSeconds,
    postgresLog,
    stop,
  };
}

export async function createBenchUser(databaseUrl: string, role: "finance" | "admin" | "manager" | "ops") {
  const user = { email: `bench-${role}@example.com`, name: `Bench ${role}`, role, password: "bench-password-123" };
  // Roles that need a second factor get one enrolled, and sign in with its code.
  // A new merchant requires two-step sign-in for everyone.
  const totpSecret = requiresMfa(presetOf(role), true) ? newTotpSecret() : undefined;
  await withPg(databaseUrl, (c) =>
    insertUser(
      c,
      user,
      totpSecret ? { secret: totpSecret, ring: keyringOrThrow({ SECRETS_KEY: BENCH_SECRETS_KEY }) } : undefined,
    ),
  );
  return { ...user, totpSecret };
}

export { signInCookie } from "../lib/walk";
