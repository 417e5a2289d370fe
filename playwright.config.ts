import { defineConfig } from "@playwright/test";

// The specs that start servers of their own and share nothing with the suite's server: local
// mode runs `npm start` whole (its own PostgreSQL, sandbox and server), and the scheduled jobs'
// instances run on a database of their own (npm test gives DATABASE_URL). npm test runs them
// beside the main suite once the unit suite is done: their minutes of starting servers and
// waiting for the clock overlap the browser's (docs/testing.md).
export const APART = ["local-mode.spec.ts", "local-mode-upgrade.spec.ts", "scale-out-jobs.spec.ts"];

const port = Number(process.env.E2E_PORT ?? 3107);
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: "e2e",
  // e2e/dev is the smoke project against `npm run dev` (playwright.dev.config.ts); the specs
  // with servers of their own run beside this suite (playwright.apart.config.ts).
  testIgnore: ["dev/**", ...APART.map((name) => `**/${name}`)],
  fullyParallel: false,
  workers: 1,
  // A failed test runs once more with a trace recorded (trace: "on-first-retry"), and fails the
  // run all the same (failOnFlakyTests): recording a trace of every test slowed every test.
  retries: 1,
  failOnFlakyTests: true,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  outputDir: "test-results/playwright",
  reporter: [["list"], ["json", { outputFile: "test-results/playwright.json" }]],
  globalSetup: "./e2e/support/global-setup.ts",
  globalTeardown: "./e2e/support/global-teardown.ts",
  use: {
    baseURL,
    // The browser's language and time zone are a first sign-in's defaults (lib/platform/i18n/preferences.ts):
    // pinned, so the demo users read English and UTC whatever machine runs the suite.
    locale: "en-US",
    timezoneId: "UTC",
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    // The console's server compiled as npm start runs it (dist/server.mjs: Next plus the webhook
    // intake; scripts/test.ts builds it). Its output is also kept in test-results/server.log,
    // which the leak scan reads for card data.
    command: `mkdir -p test-results && node --enable-source-maps dist/server.mjs -p ${port} 2>&1 | tee -a test-results/server.log`,
    url: `${baseURL}/login`,
    // Never reuse a server already on the port: a foreign one makes tests lie.
    reuseExistingServer: false,
    timeout: 60_000,
    // Its JSON lines (one per request) go to test-results/server*.log, not the test report.
    stdout: "ignore",
    stderr: "pipe",
  },
});
