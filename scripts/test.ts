// `npm test`: type check, unit and integration tests (vitest) and end-to-end tests
// (Playwright in Debian's Chromium), against a real PostgreSQL that starts clean.
import { existsSync, readFileSync, rmSync } from "node:fs";
import { runPrisma } from "./prisma";
import { buildIsStale, buildNext } from "./lib/build";
import { buildServer } from "./build-server.mjs";
import { spawnAndWait } from "./lib/spawn";
import { ensureChromium } from "./lib/chromium";
import { freePort } from "./lib/net";
import { recreateDatabase, startTestCluster, type TestCluster } from "./lib/test-postgres";
import { startSandbox, type Sandbox } from "../sandbox/server";
import { startMailSink, type MailSink } from "./lib/mail-sink";

// e.g. `npm test -- e2e` or `npm test -- unit`; spec files narrow the e2e run while working
// on them (`npm test -- e2e e2e/security-routes.spec.ts`), reusing a build that is up to date.
const args = process.argv.slice(2);
const only = args.filter((a) => !a.endsWith(".ts"));
const specs = args.filter((a) => a.endsWith(".ts"));
const wants = (step: string) => only.length === 0 || only.includes(step);

async function run(label: string, cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  console.log(`\n━━ ${label}`);
  const code = await spawnAndWait(cmd, args, env);
  if (code !== 0) throw new Error(`${label} failed (exit ${code})`);
}

// biome-ignore lint/suspicious/noExplicitAny: vitest's and Playwright's JSON reports, read for two counts.
function counts(file: string, pick: (report: any) => { passed: number; failed: number }) {
  if (!existsSync(file)) return { passed: 0, failed: 0 };
  try {
    return pick(JSON.parse(readFileSync(file, "utf8")));
  } catch {
    return { passed: 0, failed: 0 };
  }
}

async function main() {
  // Lint and format first (Biome, biome.json): a violation fails the run in a second.
  if (wants("lint"))
    await run(
      "biome ci (lint and format check)",
      process.execPath,
      ["node_modules/@biomejs/biome/bin/biome", "ci", "."],
      process.env,
    );
  const chromium = wants("e2e") ? ensureChromium() : undefined;
  let cluster: TestCluster | undefined;
  let sandbox: Sandbox | undefined;
  let mailSink: MailSink | undefined;
  const cleanup = () => {
    void sandbox?.close();
    void mailSink?.close();
    cluster?.stop();
  };
  process.on("SIGINT", () => {
    cleanup();
    process.exit(130);
  });

  try {
    let adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) {
      cluster = await startTestCluster();
      adminUrl = cluster.adminUrl;
      console.log(`\n━━ PostgreSQL ${cluster.version} (the embedded server npm start runs), throwaway cluster`);
    }
    const dbUrl = (name: string) => {
      const u = new URL(adminUrl!);
      u.pathname = `/${name}`;
      return u.toString();
    };
    // Separate databases per suite: one suite's clean-up must never wipe another's seed.
    const unitDb = dbUrl("console_test_unit");
    const e2eDb = dbUrl("console_test_e2e");
    for (const name of ["console_test_unit", "console_test_e2e"]) await recreateDatabase(adminUrl, name);

    const base: NodeJS.ProcessEnv = {
      ...process.env,
      NEXT_TELEMETRY_DISABLED: "1",
      NEXTAUTH_SECRET: "test-secret-not-for-production-0123456789",
      SECRETS_KEY: "dGVzdC1vbmx5LXNlY3JldHMta2V5LTMyLWJ5dGVzISE=",
      // Both suites run against the spec-only sandbox, whatever the shell has exported.
      SANDBOX_EXTENSIONS: "off",
    };
    console.log("\n━━ migrate deploy (both test databases)");
    const deployed = await Promise.all(
      [unitDb, e2eDb].map((url) => runPrisma(["migrate", "deploy"], { ...base, DATABASE_URL: url })),
    );
    if (deployed.some((code) => code !== 0)) throw new Error("migrate deploy failed");
    console.log("\n━━ schema drift check");
    const drift = await runPrisma(
      [
        "migrate",
        "diff",
        "--from-migrations",
        "prisma/migrations",
        "--to-schema-datamodel",
        "prisma/schema.prisma",
        "--exit-code",
      ],
      { ...base, DATABASE_URL: unitDb },
    );
    if (drift !== 0)
      throw new Error("prisma/schema.prisma has changes without a migration (npm run db:migration -- <name>)");

    if (wants("typecheck"))
      await run("tsc --noEmit", process.execPath, ["node_modules/typescript/bin/tsc", "--noEmit"], base);

    rmSync("test-results", { recursive: true, force: true });
    if (wants("unit")) {
      await run("vitest", process.execPath, ["node_modules/vitest/vitest.mjs", "run"], {
        ...base,
        DATABASE_URL: unitDb,
        TEST_ADMIN_DATABASE_URL: adminUrl,
      });
    }
    if (wants("e2e")) {
      const port = await freePort();
      // The end-to-end suite talks to a real sandbox over HTTP, with its own state.
      sandbox = await startSandbox({ dataDir: null });
      // A real SMTP server on loopback for the console's e-mail; specs read it at MAIL_SINK_URL.
      mailSink = await startMailSink();
      const e2eEnv = {
        ...base,
        DATABASE_URL: e2eDb,
        E2E_PORT: String(port),
        NEXTAUTH_URL: `http://localhost:${port}`,
        CHROMIUM_PATH: chromium,
        UPI_BASE_URL: sandbox.url,
        CUSTOMS_BASE_URL: sandbox.url,
        // The reconciler's first look at an unknown outcome, sooner than in production.
        RECONCILE_FIRST_CHECK_SECONDS: "1",
        MERCHANT_CUSTOMS_CODE: "3301960001",
        MERCHANT_CUSTOMS_NAME: "Demo Cross-border Trading Co.",
        // Every response body of the run, for the secret scan at the end (e2e/zz-leaks.spec.ts).
        CONSOLE_RESPONSE_LOG: "test-results/responses.log",
        SMTP_URL: mailSink.smtpUrl,
        MAIL_SINK_URL: mailSink.webUrl ?? "",
      };
      console.log("\n━━ next build, server build");
      if (specs.length === 0 || buildIsStale()) await buildNext(e2eEnv);
      await buildServer();
      const devSpecs = specs.filter((s) => s.startsWith("e2e/dev/"));
      const mainSpecs = specs.filter((s) => !s.startsWith("e2e/dev/"));
      if (specs.length === 0 || mainSpecs.length)
        await run(
          "playwright",
          process.execPath,
          ["node_modules/@playwright/test/cli.js", "test", ...mainSpecs],
          e2eEnv,
        );
      // The smoke project against `npm run dev`'s server (e2e/dev), unless spec files narrowed the run elsewhere.
      if (specs.length === 0 || devSpecs.length) {
        const devPort = await freePort(port + 10);
        await run(
          "playwright (npm run dev)",
          process.execPath,
          ["node_modules/@playwright/test/cli.js", "test", "-c", "playwright.dev.config.ts"],
          { ...e2eEnv, E2E_DEV_PORT: String(devPort) },
        );
      }
    }
  } finally {
    cleanup();
    const unit = counts("test-results/vitest.json", (r) => ({
      passed: r.numPassedTests ?? 0,
      failed: r.numFailedTests ?? 0,
    }));
    // biome-ignore lint/suspicious/noExplicitAny: Playwright's JSON report, read for two counts.
    const pick = (r: any) => ({
      passed: r.stats?.expected ?? 0,
      failed: (r.stats?.unexpected ?? 0) + (r.stats?.flaky ?? 0),
    });
    const [prod, dev] = ["test-results/playwright.json", "test-results/playwright-dev.json"].map((f) =>
      counts(f, pick),
    );
    const e2e = { passed: prod!.passed + dev!.passed, failed: prod!.failed + dev!.failed };
    console.log(`\nunit ${unit.passed}/${unit.passed + unit.failed}, e2e ${e2e.passed}/${e2e.passed + e2e.failed}`);
    console.log(`Tests: ${unit.passed + e2e.passed} passed, ${unit.failed + e2e.failed} failed`);
  }
}

main().catch((error) => {
  console.error(`\n${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
