// `npm test`: type check, unit and integration tests (vitest) and end-to-end tests
// (Playwright in Debian's Chromium), against a real PostgreSQL that starts clean.
import { execFile, spawn } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from "node:fs";
import { dirname } from "node:path";
import { runPrisma, SCHEMA_DIFF } from "./prisma";
import { buildIsStale, buildNext } from "./lib/build";
import { buildServer } from "./build-server.mjs";
import { spawnAndWait } from "./lib/spawn";
import { ensureChromium } from "./lib/chromium";
import { freePort } from "./lib/net";
import { recreateDatabase, startTestCluster, type TestCluster } from "./lib/test-postgres";
import { startSandbox, type Sandbox } from "../sandbox/server";
import { startMailSink, type MailSink } from "./lib/mail-sink";
import { printFailedPages, printReport, step, stepBeside } from "./lib/test-report";
import { withPg } from "./lib/users";
import { APART } from "../playwright.config";

// e.g. `npm test -- e2e` or `npm test -- unit`; spec files narrow the e2e run while working
// on them (`npm test -- e2e e2e/security-routes.spec.ts`), reusing a build that is up to date.
const args = process.argv.slice(2);
const only = args.filter((a) => !a.endsWith(".ts"));
const specs = args.filter((a) => a.endsWith(".ts"));
const wants = (step: string) => only.length === 0 || only.includes(step);

/** Runs a command with its output in `file`; at its end, vitest's summary (and failures) are printed. */
async function execToFile(label: string, cmd: string, cmdArgs: string[], env: NodeJS.ProcessEnv, file: string) {
  mkdirSync(dirname(file), { recursive: true });
  const out = openSync(file, "w");
  const child = spawn(cmd, cmdArgs, { stdio: ["ignore", out, out], env: { ...env, FORCE_COLOR: "0", NO_COLOR: "1" } });
  const code = await new Promise<number>((resolve) => child.on("exit", (c) => resolve(c ?? 1)));
  closeSync(out);
  const text = readFileSync(file, "utf8");
  const failures = text.indexOf("Failed Tests");
  console.log(`\n━━ ${label}: ${code === 0 ? "passed" : "FAILED"} (its whole output: ${file})`);
  console.log(failures >= 0 ? text.slice(failures - 8) : text.split("\n").slice(-8).join("\n"));
  if (code !== 0) throw new Error(`${label} failed (exit ${code})`);
}

/** Runs a command with inherited output; a non-zero exit fails the step. */
async function exec(label: string, cmd: string, cmdArgs: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const code = await spawnAndWait(cmd, cmdArgs, env);
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

const withDatabase = (adminUrl: string, name: string) => {
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
};

async function serverVersion(url: string): Promise<string> {
  return withPg(
    url,
    async (c) =>
      (await c.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]!.v.split(" ")[0]!,
  );
}

/**
 * Where each suite runs. The end-to-end suite runs on the embedded PostgreSQL 17 (the server
 * npm start runs) under this Node; the unit suite on TEST_UNIT_DATABASE_URL's server under
 * TEST_UNIT_NODE when given — CI gives Debian's PostgreSQL 15 and Node 24, so every supported
 * version runs one whole suite and nothing runs twice (.ci/run).
 */
async function main() {
  const unitNode = process.env.TEST_UNIT_NODE || process.execPath;
  const unitServer = process.env.TEST_UNIT_DATABASE_URL;
  const workers = Math.max(1, Number(process.env.TEST_UNIT_WORKERS ?? 2));
  if (wants("lint"))
    await step("biome ci (lint and format check)", "lint", () =>
      exec("biome", process.execPath, ["node_modules/@biomejs/biome/bin/biome", "ci", "."], process.env),
    );
  const chromium = wants("e2e") ? ensureChromium() : undefined;
  let cluster: TestCluster | undefined;
  let sandbox: Sandbox | undefined;
  let mailSink: MailSink | undefined;
  let unitBeside: Promise<void> | undefined;
  let apartBeside: Promise<void> | undefined;
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
    const base: NodeJS.ProcessEnv = {
      ...process.env,
      NEXT_TELEMETRY_DISABLED: "1",
      NEXTAUTH_SECRET: "test-secret-not-for-production-0123456789",
      SECRETS_KEY: "dGVzdC1vbmx5LXNlY3JldHMta2V5LTMyLWJ5dGVzISE=",
      // Both suites run against the spec-only sandbox, whatever the shell has exported.
      SANDBOX_EXTENSIONS: "off",
    };
    // Separate databases per suite (and per unit worker): one's clean-up never wipes another's seed.
    const { unitAdmin, e2eAdmin } = await step("PostgreSQL: clean, migrated databases", "databases", async () => {
      let adminUrl = process.env.TEST_DATABASE_URL;
      if (!adminUrl && (wants("e2e") || !unitServer)) {
        cluster = await startTestCluster();
        adminUrl = cluster.adminUrl;
      }
      const unitAdmin = unitServer ?? adminUrl!;
      const e2eAdmin = adminUrl ?? unitAdmin;
      // Only the databases of the suites asked for (the warm path of one spec migrates one).
      const names: [string, string][] = [
        ...(wants("unit") ? [[unitAdmin, "console_test_unit"] as [string, string]] : []),
        ...(wants("e2e") || !wants("unit") ? [[e2eAdmin, "console_test_e2e"] as [string, string]] : []),
        // The scheduled jobs' spec runs beside the suite, its instances on a database of their own.
        ...(wants("e2e") ? [[e2eAdmin, "console_test_apart"] as [string, string]] : []),
      ];
      for (const [server, name] of names) {
        await recreateDatabase(server, name);
        console.log(
          `   ${name}: PostgreSQL ${await serverVersion(server)}${server === cluster?.adminUrl ? " (embedded, as npm start runs it)" : ""}`,
        );
      }
      const deployed = await Promise.all(
        names.map(([server, name]) =>
          runPrisma(["migrate", "deploy"], { ...base, DATABASE_URL: withDatabase(server, name) }),
        ),
      );
      if (deployed.some((code) => code !== 0)) throw new Error("migrate deploy failed");
      const drift = await runPrisma([...SCHEMA_DIFF, "--exit-code"], {
        ...base,
        DATABASE_URL: withDatabase(names[0]![0], names[0]![1]),
      });
      if (drift !== 0)
        throw new Error("prisma/schema.prisma has changes without a migration (npm run db:migration -- <name>)");
      // Each unit worker gets its own copy of the migrated database (vitest.config.ts picks it by worker id).
      if (wants("unit"))
        for (let w = 1; w <= workers; w++)
          await withPg(unitAdmin, async (c) => {
            await c.query(`DROP DATABASE IF EXISTS "console_test_unit_${w}" WITH (FORCE)`);
            await c.query(`CREATE DATABASE "console_test_unit_${w}" TEMPLATE "console_test_unit"`);
          });
      return { unitAdmin, e2eAdmin };
    });

    if (wants("typecheck"))
      await step("tsc --noEmit", "typecheck", () =>
        exec("tsc", process.execPath, ["node_modules/typescript/bin/tsc", "--noEmit"], base),
      );

    rmSync("test-results", { recursive: true, force: true });
    // With the end-to-end suite to run too, the unit suite runs beside it at the lowest CPU
    // priority (nice 19), its output in test-results/vitest.log: the browser suite leaves a third
    // of two cores idle while it waits on pages, and the unit suite takes that time, not the
    // browser's (docs/testing.md). TEST_UNIT_BESIDE_E2E=0 runs them one after the other.
    if (wants("unit")) {
      const version = await new Promise<string>((resolve) =>
        execFile(unitNode, ["--version"], (_e, out) => resolve(String(out).trim())),
      );
      const pg = await serverVersion(unitAdmin);
      const env = {
        ...base,
        DATABASE_URL: withDatabase(unitAdmin, "console_test_unit"),
        TEST_DATABASE_URL_PER_WORKER: withDatabase(unitAdmin, "console_test_unit_WORKER"),
        TEST_UNIT_WORKERS: String(workers),
      };
      const vitest = [unitNode, "node_modules/vitest/vitest.mjs", "run"];
      const label = `vitest (Node ${version}, PostgreSQL ${pg}, ${workers} workers)`;
      if (wants("e2e") && process.env.TEST_UNIT_BESIDE_E2E !== "0") {
        unitBeside = stepBeside(`${label}, beside the build and e2e`, "unit", () =>
          execToFile("vitest", "nice", ["-n", "19", ...vitest], env, "test-results/vitest.log"),
        );
        unitBeside.catch(() => undefined); // awaited after the end-to-end suite
      } else await step(label, "unit", () => exec("vitest", vitest[0]!, vitest.slice(1), env));
    }
    if (wants("e2e")) {
      const port = await freePort();
      // The end-to-end suite talks to a real sandbox over HTTP, with its own state.
      sandbox = await startSandbox({ dataDir: null });
      // A real SMTP server on loopback for the console's e-mail; specs read it at MAIL_SINK_URL.
      mailSink = await startMailSink();
      const e2eEnv = {
        ...base,
        DATABASE_URL: withDatabase(e2eAdmin, "console_test_e2e"),
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
        // The chat receivers of the suite listen on loopback (e2e/notifications-chat.spec.ts).
        CHAT_ALLOW_INTERNAL: "1",
        SMTP_URL: mailSink.smtpUrl,
        MAIL_SINK_URL: mailSink.webUrl ?? "",
      };
      await step("next build, server build", "build", async () => {
        // The types were checked by this run's tsc step: next build does not check them again.
        const checked = wants("typecheck") ? { CONSOLE_TYPES_CHECKED: "1" } : {};
        if (specs.length === 0 || buildIsStale()) await buildNext({ ...e2eEnv, ...checked });
        await buildServer();
      });
      const devSpecs = specs.filter((s) => s.startsWith("e2e/dev/"));
      const apartSpecs = specs.filter((s) => APART.some((name) => s.endsWith(`/${name}`)));
      const mainSpecs = specs.filter((s) => !s.startsWith("e2e/dev/") && !apartSpecs.includes(s));
      // The specs that start servers of their own (playwright.apart.config.ts), then the smoke
      // project against `npm run dev`'s server (e2e/dev), share nothing with the suite's server
      // and database (theirs is console_test_apart): they run beside it at nice 10, one after
      // the other, once the unit suite no longer takes the second core.
      const apartEnv = {
        ...e2eEnv,
        DATABASE_URL: withDatabase(e2eAdmin, "console_test_apart"),
        CONSOLE_RESPONSE_LOG: "test-results/responses-apart.log",
      };
      const besides: [label: string, budget: string, args: string[], env: NodeJS.ProcessEnv, log: string][] = [];
      if (specs.length === 0 || apartSpecs.length)
        besides.push([
          "playwright (own servers)",
          "apart",
          ["-c", "playwright.apart.config.ts", ...apartSpecs],
          apartEnv,
          "test-results/playwright-apart.log",
        ]);
      if (specs.length === 0 || devSpecs.length)
        besides.push([
          "playwright (npm run dev)",
          "dev",
          ["-c", "playwright.dev.config.ts"],
          { ...apartEnv, E2E_DEV_PORT: String(await freePort(port + 10)) },
          "test-results/playwright-dev.log",
        ]);
      for (const [label, budget, args, env, log] of besides) {
        const cli = [process.execPath, "node_modules/@playwright/test/cli.js", "test", ...args];
        apartBeside = (apartBeside ?? unitBeside ?? Promise.resolve())
          .catch(() => undefined)
          .then(() =>
            stepBeside(`${label}, beside the e2e suite`, budget, () =>
              execToFile(label, "nice", ["-n", "10", ...cli], env, log),
            ),
          );
      }
      apartBeside?.catch(() => undefined); // awaited after the end-to-end suite
      if (specs.length === 0 || mainSpecs.length)
        await step(`playwright (Node ${process.version})`, "e2e", () =>
          exec("playwright", process.execPath, ["node_modules/@playwright/test/cli.js", "test", ...mainSpecs], e2eEnv),
        );
    }
    if (unitBeside) await unitBeside;
    if (apartBeside) await apartBeside;
  } finally {
    // A unit suite still running beside a failed end-to-end run ends before its database does.
    if (unitBeside) await unitBeside.catch(() => undefined);
    if (apartBeside) await apartBeside.catch(() => undefined);
    cleanup();
    printFailedPages(["test-results/playwright", "test-results/playwright-apart", "test-results/playwright-dev"]);
    printReport({
      specs: ["test-results/playwright.json", "test-results/playwright-apart.json", "test-results/playwright-dev.json"],
      units: ["test-results/vitest.json"],
    });
    const unit = counts("test-results/vitest.json", (r) => ({
      passed: r.numPassedTests ?? 0,
      failed: r.numFailedTests ?? 0,
    }));
    // biome-ignore lint/suspicious/noExplicitAny: Playwright's JSON report, read for two counts.
    const pick = (r: any) => ({
      passed: r.stats?.expected ?? 0,
      failed: (r.stats?.unexpected ?? 0) + (r.stats?.flaky ?? 0),
    });
    const runs = ["playwright", "playwright-apart", "playwright-dev"].map((f) =>
      counts(`test-results/${f}.json`, pick),
    );
    const e2e = runs.reduce((t, r) => ({ passed: t.passed + r.passed, failed: t.failed + r.failed }));
    console.log(`\nunit ${unit.passed}/${unit.passed + unit.failed}, e2e ${e2e.passed}/${e2e.passed + e2e.failed}`);
    console.log(`Tests: ${unit.passed + e2e.passed} passed, ${unit.failed + e2e.failed} failed`);
  }
}

main().catch((error) => {
  console.error(`\n${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
