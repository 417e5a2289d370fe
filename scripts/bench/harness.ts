import { spawn, type ChildProcess } from "node:child_process";
import { runPrisma } from "../prisma";
import { buildIsStale, buildNext, serveArgs } from "../lib/build";
import { freePort, waitForHttp } from "../lib/net";
import { recreateDatabase, startTestCluster, type TestCluster } from "../lib/test-postgres";
import { insertUser, withPg } from "../lib/users";
import { keyringOrThrow } from "../lib/secrets";
import { newTotpSecret, totpCode } from "../../lib/auth/totp";
import { requiresMfa } from "../../lib/auth/session-policy";

const BENCH_SECRETS_KEY = "YmVuY2gtb25seS1zZWNyZXRzLWtleS0zMi1ieXRlcyE=";

/** A real PostgreSQL, the sandbox in its own process and `next start`: what a benchmark measures. */
export async function startStack(name: string, options: { consoleNodeArgs?: string[]; nextOnlyConsole?: boolean } = {}) {
  const children: ChildProcess[] = [];
  let cluster: TestCluster | undefined = await startTestCluster();
  const databaseUrl = cluster.databaseUrl(name);
  await recreateDatabase(cluster.adminUrl, name);
  const sandboxPort = await freePort();
  const consolePort = await freePort();
  const nextOnlyPort = options.nextOnlyConsole ? await freePort() : undefined;
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
    children.push(spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "sandbox/main.ts"], { env: { ...env, SANDBOX_PORT: String(sandboxPort), SANDBOX_DATA_DIR: `/tmp/bench-sandbox-${sandboxPort}` }, stdio: "ignore" }));
    children.push(spawn(process.execPath, [...(options.consoleNodeArgs ?? []), ...serveArgs(), "-p", String(consolePort)], { env, stdio: "ignore" }));
    // The same server with its API lane turned off: every route through Next.js's pipeline.
    if (nextOnlyPort) children.push(spawn(process.execPath, [...serveArgs(), "-p", String(nextOnlyPort)], { env: { ...env, CONSOLE_API_LANE: "off" }, stdio: "ignore" }));
    await waitForHttp(`http://127.0.0.1:${sandboxPort}/__sandbox/health`);
    await waitForHttp(`http://localhost:${consolePort}/login`);
    if (nextOnlyPort) await waitForHttp(`http://localhost:${nextOnlyPort}/login`);
  } catch (error) {
    stop();
    throw error;
  }
  const nextOnlyUrl = nextOnlyPort ? `http://localhost:${nextOnlyPort}` : undefined;
  return { env, databaseUrl, sandboxUrl: env.UPI_BASE_URL!, consoleUrl: env.NEXTAUTH_URL!, nextOnlyUrl, stop };
}

export async function createBenchUser(databaseUrl: string, role: "finance" | "admin" | "manager" | "ops") {
  const user = { email: `bench-${role}@example.com`, name: `Bench ${role}`, role, password: "bench-password-123" };
  // Roles that need a second factor get one enrolled, and sign in with its code.
  const totpSecret = requiresMfa(role) ? newTotpSecret() : undefined;
  await withPg(databaseUrl, (c) => insertUser(c, user, totpSecret ? { secret: totpSecret, ring: keyringOrThrow({ SECRETS_KEY: BENCH_SECRETS_KEY }) } : undefined));
  return { ...user, totpSecret };
}

/** Signs in through next-auth's credentials endpoint and returns the session cookie header. */
export async function signInCookie(consoleUrl: string, email: string, password: string, totpSecret?: string): Promise<string> {
  const csrf = await fetch(`${consoleUrl}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const jar = csrf.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const res = await fetch(`${consoleUrl}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: jar, Origin: consoleUrl },
    body: new URLSearchParams({ csrfToken, email, password, json: "true", ...(totpSecret ? { code: totpCode(totpSecret) } : {}) }).toString(),
  });
  const session = res.headers.getSetCookie().map((c) => c.split(";")[0]).find((c) => c?.includes("session-token"));
  if (!session) throw new Error(`sign-in failed (HTTP ${res.status})`);
  return session;
}
