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
    // Files run in parallel, each worker on a database of its own (npm test clones the migrated
    // one per worker: TEST_DATABASE_URL_PER_WORKER, picked in test/worker-database.ts). Without
    // that pattern (one file against your own DATABASE_URL) files run one at a time.
    fileParallelism: Boolean(process.env.TEST_DATABASE_URL_PER_WORKER),
    maxWorkers: process.env.TEST_DATABASE_URL_PER_WORKER ? Number(process.env.TEST_UNIT_WORKERS ?? 2) : 1,
    setupFiles: ["./test/worker-database.ts", "./test/clean-settings.ts"],
    testTimeout: 30_000,
    // A condition polled for may be slow to come on a loaded machine (CI runs this beside a build and e2e).
    expect: { poll: { timeout: 10_000 } },
    reporters: ["default", ["json", { outputFile: "test-results/vitest.json" }]],
  },
});
