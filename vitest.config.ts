import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

export default defineConfig({
  resolve: {
    alias: {
      "@/": fileURLToPath(new URL("./", import.meta.url)),
      // Outside Next's react-server build, `server-only` would throw on import.
      "server-only": fileURLToPath(new URL("./test/server-only-stub.ts", import.meta.url)),
    },
  },
  test: {
    include: [
      "app/**/*.test.ts",
      "lib/**/*.test.ts",
      "components/**/*.test.ts",
      "sandbox/**/*.test.ts",
      "scripts/**/*.test.ts",
      "server/**/*.test.ts",
    ],
    environment: "node",
    // A fixed key and session secret for tests only; npm start generates or requires real ones.
    // Request log lines (lib/platform/log.ts) would bury the report: warnings and errors only, unless asked.
    env: {
      SECRETS_KEY: process.env.SECRETS_KEY ?? "dGVzdC1vbmx5LXNlY3JldHMta2V5LTMyLWJ5dGVzISE=",
      NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET ?? "test-secret-not-for-production-0123456789",
      LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
    },
    fileParallelism: false,
    setupFiles: ["./test/clean-settings.ts"],
    testTimeout: 30_000,
    reporters: ["default", ["json", { outputFile: "test-results/vitest.json" }]],
  },
});
