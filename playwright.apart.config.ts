import { defineConfig } from "@playwright/test";
import base from "./playwright.config";

// The specs that run `npm start` whole (local mode: its own PostgreSQL, sandbox and server, on
// ports of their own) and share nothing with the suite's server: npm test runs them beside
// the main suite once the unit suite is done, so their minutes of starting and stopping
// servers overlap the browser's (docs/testing.md).
export const APART = ["local-mode.spec.ts", "local-mode-upgrade.spec.ts"];

export default defineConfig({
  ...base,
  testMatch: APART.map((name) => `**/${name}`),
  testIgnore: [],
  globalSetup: undefined,
  globalTeardown: undefined,
  webServer: undefined,
  outputDir: "test-results/playwright-apart",
  reporter: [["list"], ["json", { outputFile: "test-results/playwright-apart.json" }]],
});
