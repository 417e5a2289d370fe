import { defineConfig } from "@playwright/test";
import base, { APART } from "./playwright.config";

// The specs with servers of their own (APART), beside the main suite: npm test runs them.
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
