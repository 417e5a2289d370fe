// `npm start` (and `npm run dev`): everything a merchant's developer needs on one command.
// Without DATABASE_URL it runs an embedded PostgreSQL server under .data/ and seeds demo users.
// Compiled to dist/start.mjs and run by scripts/run.mjs; `dev` runs the same server with
// Next's development mode (no build, pages compiled on first visit, hot reload).
import { spawn } from "node:child_process";
import { runPrisma } from "./prisma";
import { startLocalDatabase } from "./lib/embedded-db";
import { holdDataDir } from "./lib/data-lock";
import { localSecret } from "./lib/local-secret";
import { freePort } from "./lib/net";
import { buildIsStale, buildNext, serverArgs } from "./lib/build";
import { DEMO_USERS, demoKeys, seedDemoUsers, withPg } from "./lib/users";
import { keyringOrThrow, seedSandboxCredentials } from "./lib/secrets";
import { startSandbox } from "../sandbox/server";
import { responseLogRefusal } from "../server/record-responses";
import { grantAppRole } from "./lib/db-roles";
import { pgConfigFromUrl } from "../lib/platform/db-url";
import { startMailSink } from "./lib/mail-sink";

const DATA_DIR = process.env.CONSOLE_DATA_DIR ?? ".data";
const port = Number(process.env.PORT ?? 3000);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`PORT must be a TCP port number, got "${process.env.PORT}".`);
  process.exit(2);
}
const production = process.env.CONSOLE_ENV === "production";
const dev = process.argv.includes("dev");
const cleanups: (() => Promise<void>)[] = [];

async function main() {
  const env: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
  const localMode = !process.env.DATABASE_URL;
  if (localMode && production) throw new Error("CONSOLE_ENV=production needs DATABASE_URL.");
  // Refused before anything starts (the server refuses it too).
  const refusal = responseLogRefusal(env);
  if (refusal) throw new Error(refusal);

  if (!env.NEXTAUTH_SECRET) {
    if (production) throw new Error("CONSOLE_ENV=production needs NEXTAUTH_SECRET.");
    env.NEXTAUTH_SECRET = localSecret(`${DATA_DIR}/nextauth-secret`);
  }
  env.NEXTAUTH_URL ??= `http://localhost:${port}`;
  if (!env.SECRETS_KEY) {
    if (production) throw new Error("CONSOLE_ENV=production needs SECRETS_KEY (32 random bytes, base64).");
    env.SECRETS_KEY = localSecret(`${DATA_DIR}/secrets-key`);
    console.warn(
      `WARNING: SECRETS_KEY is not set; using a generated key in ${DATA_DIR}/secrets-key. Set SECRETS_KEY in production.`,
    );
  }
  const ring = keyringOrThrow(env);

  let sandboxCredentials: { privateKey: string; customsToken: string; webhookSecret: string } | null = null;
  if (!env.UPI_BASE_URL) {
    const sandbox = await startSandbox({
      port: await freePort(Number(env.SANDBOX_PORT ?? 4010)),
      dataDir: `${DATA_DIR}/sandbox`,
    });
    cleanups.push(sandbox.close);
    env.UPI_BASE_URL = sandbox.url;
    env.CUSTOMS_BASE_URL ??= sandbox.url;
    const m = sandbox.store.state.merchants.m_default!;
    sandboxCredentials = { privateKey: m.privateKey, customsToken: m.customsToken, webhookSecret: m.webhookSecret };
    console.log(`Sandbox (payment and customs emulator) at ${sandbox.url}, state in ${DATA_DIR}/sandbox`);
  }

  // Staff e-mail (issue 35) without an SMTP server: a local catcher, never in production.
  let mailPage: string | null = null;
  if (!env.SMTP_URL && !production) {
    const sink = await startMailSink({ smtpPort: await freePort(1025), webPort: await freePort(1080) });
    cleanups.push(sink.close);
    env.SMTP_URL = sink.smtpUrl;
    mailPage = sink.webUrl;
    console.log(`Local mail sink (no SMTP_URL): ${sink.smtpUrl}; the console's e-mail can be read at ${sink.webUrl}`);
  }

  if (localMode) {
    // One launcher per data directory: a second would stop the first one's database.
    cleanups.push(holdDataDir(DATA_DIR));
    const local = await startLocalDatabase(DATA_DIR, env);
    cleanups.push(() => local.server.stop());
    // As in production: the owner migrates, the console runs as its own role (append-only audit log).
    env.DATABASE_MIGRATION_URL = local.url;
    env.DATABASE_URL = local.appUrl;
    console.log(
      `Embedded PostgreSQL ${local.server.version} on 127.0.0.1:${local.server.port}, data in ${DATA_DIR}/postgres (log: ${DATA_DIR}/postgres.log)`,
    );
    for (const note of local.notes) console.log(note);
  }

  console.log("Applying database migrations…");
  // With DATABASE_MIGRATION_URL the owner role migrates and the console runs as the
  // application role of DATABASE_URL, which may only append to the audit log (docs/security.md).
  const ownerUrl = env.DATABASE_MIGRATION_URL;
  if ((await runPrisma(["migrate", "deploy"], ownerUrl ? { ...env, DATABASE_URL: ownerUrl } : env)) !== 0)
    throw new Error("prisma migrate deploy failed");
  const appRole = pgConfigFromUrl(env.DATABASE_URL!).user;
  if (ownerUrl && pgConfigFromUrl(ownerUrl).user !== appRole) {
    await withPg(ownerUrl, (client) => grantAppRole(client, appRole));
    console.log(`Rights of the application role "${appRole}" applied (audit log: append only).`);
  }

  const seeded = localMode && (await seedDemoUsers(env.DATABASE_URL!, ring, DATA_DIR));
  const keys = localMode ? demoKeys(DATA_DIR) : {};
  const enrolled = DEMO_USERS.filter((u) => keys[u.role]?.email === u.email);
  if (enrolled.length) env.CONSOLE_DEMO_ACCOUNTS = enrolled.map((u) => `${u.email}=${u.role}`).join(",");
  if (sandboxCredentials && !production) {
    const creds = sandboxCredentials;
    if (await withPg(env.DATABASE_URL!, (client) => seedSandboxCredentials(client, ring, creds))) {
      console.log("Credentials set to the sandbox's default merchant (change them in Settings).");
    }
  }

  if (dev && production) throw new Error("npm run dev is for development: CONSOLE_ENV=production runs with npm start.");
  if (!dev && buildIsStale()) {
    console.log("Building the console (first start or changed sources)…");
    await buildNext(env);
  }

  const next = spawn(
    process.execPath,
    [...serverArgs({ lean: localMode }), "-p", String(port), ...(dev ? ["--dev"] : [])],
    {
      stdio: "inherit",
      env,
    },
  );
  // Stopping npm start stops the server too, and waits for it to drain its requests before the
  // database goes; the server stopping ends npm start.
  const serverExited = new Promise<void>((resolve) => next.once("exit", () => resolve()));
  cleanups.push(async () => {
    if (next.exitCode === null && next.signalCode === null) next.kill("SIGTERM");
    await serverExited;
  });
  next.on("exit", (code) => shutdown(code ?? 0));

  console.log(`\nMerchant Console: http://localhost:${port}`);
  if (localMode) {
    console.log(seeded ? "Demo users created:" : "Demo sign-ins (unless you changed them):");
    for (const u of DEMO_USERS)
      console.log(
        `  ${u.role.padEnd(8)} ${u.email.padEnd(22)} ${u.password.padEnd(18)} ${keys[u.role]?.key ?? ""}`.trimEnd(),
      );
    if (enrolled.length)
      console.log(
        "Each is enrolled in two-step sign-in with the key shown (add it to an authenticator app),\n" +
          "or print the code now: npm run mfa:code -- finance   (admin, finance, ops or manager)",
      );
  }
  if (mailPage) console.log(`The demo users' e-mail (notifications): ${mailPage}`);
}

let stopping = false;
async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  process.exit(code);
}
process.on("SIGINT", () => void shutdown(0));
process.on("SIGTERM", () => void shutdown(0));

main().catch(async (error) => {
  console.error(`\nCould not start: ${error instanceof Error ? error.message : error}`);
  await shutdown(1);
});
