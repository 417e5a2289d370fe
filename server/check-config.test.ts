import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The server's first import (server/main.ts): a bad environment stops the start before anything
// else loads, every bad variable listed, a secret's value never shown.
const ROOT = fileURLToPath(new URL("..", import.meta.url));
const check = (env: Record<string, string>) =>
  spawnSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "server/check-config.ts"], {
    cwd: ROOT,
    env: env as NodeJS.ProcessEnv,
    encoding: "utf8",
    timeout: 30_000,
  });

describe("the server's start-up check", () => {
  it("stops the start (exit 2) naming every bad variable at once", () => {
    const run = check({ TRUSTED_PROXIES: "10.0.0/8", PORT: "http", SECRETS_KEY: "hunter2-not-a-key" });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("Could not start: 3 environment variables are wrong");
    expect(run.stderr).toContain('TRUSTED_PROXIES: "10.0.0/8" is not an IP address or CIDR range');
    expect(run.stderr).toContain('PORT: "http" is not a TCP port number');
    expect(run.stderr).toContain("SECRETS_KEY: the key must be 32 bytes");
    expect(run.stderr).not.toContain("hunter2");
  });

  it("runs before anything else the server loads", () => {
    const main = readFileSync(`${ROOT}/server/main.ts`, "utf8");
    expect(main.match(/^import .*$/m)?.[0]).toMatch(/^import "\.\/check-config";/);
  });

  it("lets a good environment through", () => {
    const run = check({ TRUSTED_PROXIES: "10.0.0.0/8", PORT: "3100" });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
  });
});
