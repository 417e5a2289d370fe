import { defineConfig } from "@playwright/test";
import base from "./playwright.config";

// The smoke project against `npm run dev`'s server (issue 18: the same code path in dev, the
// tests and production): the compiled server with Next's development mode, on the suite's
// sandbox and the database of the specs with servers of their own. `npm test` runs it beside
// the main suite, after those specs.
const port = Number(process.env.E2E_DEV_PORT ?? 3117);
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  ...base,
  testDir: "e2e/dev",
  testIgnore: [],
  globalSetup: undefined,
  // A page is compiled on its first visit (tens of seconds on a busy 2-core machine).
  timeout: 180_000,
  expect: { timeout: 60_000 },
  outputDir: "test-results/playwright-dev",
  reporter: [["list"], ["json", { outputFile: "test-results/playwright-dev.json" }]],
  use: { ...base.use, baseURL },
  webServer: {
    command: `mkdir -p test-results && node --enable-source-maps dist/server.mjs -p ${port} --dev 2>&1 | tee -a test-results/server-dev.log`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: { NEXTAUTH_URL: baseURL },
    // Its JSON lines (one per request) go to test-results/server*.log, not the test report.
    stdout: "ignore",
    stderr: "pipe",
  },
});
