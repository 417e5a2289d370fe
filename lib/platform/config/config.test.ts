import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  config,
  CONFIG_VARIABLES,
  ConfigError,
  loadConfig,
  OTHER_PROGRAMS_VARIABLES,
  overrideConfigForTests,
  resetConfigForTests,
  type Env,
} from ".";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const KEY = "dGVzdC1vbmx5LXNlY3JldHMta2V5LTMyLWJ5dGVzISE=";
const problemsOf = (env: Env): string[] => {
  try {
    loadConfig(env);
  } catch (e) {
    if (e instanceof ConfigError) return e.problems;
    throw e;
  }
  return [];
};

describe("the configuration", () => {
  it("keeps the documented defaults (docs/configuration.md) when nothing is set", () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      production: false,
      port: 3000,
      databaseUrl: undefined,
      databasePoolSize: 10,
      webhookPoolSize: 8,
      auth: { secret: undefined, url: undefined, idleMinutes: 15, maxMinutes: 720, stepUpMinutes: 5 },
      trustedProxies: [],
      keyring: null,
      settings: {
        environment: "sandbox",
        upiBaseUrl: "http://127.0.0.1:4010",
        customsBaseUrl: "http://127.0.0.1:4010",
        declarationInquiryPath: "/chinacustoms/inquire",
        upiTimeoutMs: 15_000,
        customsTimeoutMs: 60_000,
        merchantCustomsCode: "",
        merchantCustomsName: "",
        publicUrl: "",
        refundApprovalThresholds: {
          USD: 50000,
          EUR: 50000,
          GBP: 40000,
          HKD: 400000,
          CNY: 350000,
          JPY: 75000,
          KRW: 700000,
        },
        refundApprovalPercent: null,
      },
      reconcileFirstCheckSeconds: undefined,
      webhooks: { ratePerSecond: 2000, storeBytesPerMinute: 1024 * 1024, replayWindowDays: 7, previousSecretHours: 24 },
      shutdownGraceSeconds: 25,
      logLevel: "info",
      metricsToken: undefined,
      responseLog: undefined,
      workers: true,
      paymentLinkExpiryHours: 24,
    });
  });

  it("falls back as docs/configuration.md says: customs to the payment URL, the public URL to NEXTAUTH_URL", () => {
    const upi = loadConfig({ UPI_BASE_URL: "https://pay.example", NEXTAUTH_URL: "https://console.example" });
    expect(upi.settings).toMatchObject({
      upiBaseUrl: "https://pay.example",
      customsBaseUrl: "https://pay.example",
      publicUrl: "https://console.example",
    });
    expect(upi.auth.url).toBe("https://console.example");
    const both = loadConfig({
      UPI_BASE_URL: "https://pay.example",
      CUSTOMS_BASE_URL: "https://customs.example",
      CONSOLE_PUBLIC_URL: "https://hooks.example",
      NEXTAUTH_URL: "https://console.example",
    });
    expect(both.settings).toMatchObject({
      customsBaseUrl: "https://customs.example",
      publicUrl: "https://hooks.example",
    });
  });

  it("takes an empty variable as unset, except where empty means something", () => {
    const c = loadConfig({
      PORT: "",
      SESSION_IDLE_MINUTES: "",
      CUSTOMS_BASE_URL: "",
      UPI_BASE_URL: "https://pay.example",
      METRICS_TOKEN: "",
      CONSOLE_ENV: "",
      CONSOLE_PUBLIC_URL: "",
      NEXTAUTH_URL: "https://console.example",
      REFUND_APPROVAL_THRESHOLDS: "",
    });
    expect(c).toMatchObject({ port: 3000, auth: { idleMinutes: 15 }, metricsToken: undefined, production: false });
    // No public URL at all, and every refund waits for a manager (no currency listed).
    expect(c.settings).toMatchObject({
      customsBaseUrl: "https://pay.example",
      publicUrl: "",
      refundApprovalThresholds: {},
    });
  });

  it("reads what is set, typed", () => {
    const previous = "f".repeat(64);
    const c = loadConfig({
      CONSOLE_ENV: "production",
      DATABASE_URL: "postgresql://console:pw@db:5432/console",
      NEXTAUTH_SECRET: "s",
      SECRETS_KEY: KEY,
      SECRETS_KEY_VERSION: "2",
      SECRETS_KEY_PREVIOUS: `1:${previous}`,
      TRUSTED_PROXIES: "127.0.0.1, 10.0.0.0/8",
      SESSION_MAX_MINUTES: "60.5",
      REFUND_APPROVAL_THRESHOLDS: "USD:100,JPY:0",
      REFUND_APPROVAL_PERCENT: "12.5",
      CONSOLE_WORKERS: "off",
      RECONCILE_FIRST_CHECK_SECONDS: "0",
      UPI_ENVIRONMENT: "production",
      LOG_LEVEL: "debug",
    });
    expect(c).toMatchObject({
      production: true,
      databaseUrl: "postgresql://console:pw@db:5432/console",
      workers: false,
      reconcileFirstCheckSeconds: 0,
      logLevel: "debug",
      auth: { maxMinutes: 60.5 },
    });
    expect(c.trustedProxies).toHaveLength(2);
    expect(c.keyring?.current).toBe(2);
    expect([...c.keyring!.keys.keys()].sort()).toEqual([1, 2]);
    expect(c.keyring!.keys.get(1)!.toString("hex")).toBe(previous);
    expect(c.settings).toMatchObject({
      environment: "production",
      refundApprovalThresholds: { USD: 100, JPY: 0 },
      refundApprovalPercent: 12.5,
    });
  });

  it("names every bad variable at once, with its value and what is wrong", () => {
    const problems = problemsOf({
      TRUSTED_PROXIES: "127.0.0.1,10.0.0/8",
      PORT: "http",
      LOG_LEVEL: "verbose",
      CONSOLE_WORKERS: "no",
      NEXTAUTH_URL: "localhost:3000",
      REFUND_APPROVAL_THRESHOLDS: "USD:50000,usd:5",
      SESSION_IDLE_MINUTES: "-1",
      UPI_TIMEOUT_MS: "1.5",
      CONSOLE_ENV: "prod",
    });
    expect(problems).toEqual([
      'PORT: "http" is not a TCP port number (1–65535)',
      'NEXTAUTH_URL: "localhost:3000" is not an http(s) URL',
      'SESSION_IDLE_MINUTES: "-1" is not a positive number of minutes',
      'CONSOLE_ENV: "prod" is not production, development or test',
      'TRUSTED_PROXIES: "10.0.0/8" is not an IP address or CIDR range',
      'UPI_TIMEOUT_MS: "1.5" is not a positive whole number of milliseconds',
      'REFUND_APPROVAL_THRESHOLDS: "usd:5" is not CURRENCY:amount in minor units (e.g. USD:50000)',
      'LOG_LEVEL: "verbose" is not fatal, error, warn, info, debug, trace or silent',
      'CONSOLE_WORKERS: "no" is not on or off',
    ]);
    expect(() => loadConfig({ PORT: "http", LOG_LEVEL: "verbose" })).toThrow(
      /^2 environment variables are wrong.*\n {2}PORT: .*\n {2}LOG_LEVEL: /,
    );
  });

  it("refuses production without the keys, or with the response log, beside any other problem", () => {
    expect(
      problemsOf({ CONSOLE_ENV: "production", CONSOLE_RESPONSE_LOG: "test-results/responses.log", PORT: "0" }),
    ).toEqual([
      'PORT: "0" is not a TCP port number (1–65535)',
      "DATABASE_URL: not set, and CONSOLE_ENV=production needs it",
      "NEXTAUTH_SECRET: not set, and CONSOLE_ENV=production needs it",
      "SECRETS_KEY: not set, and CONSOLE_ENV=production needs it",
      "CONSOLE_RESPONSE_LOG: records every response body (test runs only) and is refused with CONSOLE_ENV=production: unset it.",
    ]);
    expect(problemsOf({ CONSOLE_RESPONSE_LOG: "test-results/responses.log" })).toEqual([]);
  });

  it("never shows a secret's value in its error", () => {
    const secrets = {
      SECRETS_KEY: "not-a-32-byte-key-hunter2",
      SECRETS_KEY_PREVIOUS: `1:${KEY},2:short-hunter3`,
      DATABASE_URL: "mysql://app:hunter4@db/console",
    };
    let message = "";
    try {
      loadConfig({ ...secrets, SECRETS_KEY_VERSION: "0" });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toContain("SECRETS_KEY: the key must be 32 bytes");
    expect(message).toContain("SECRETS_KEY_PREVIOUS: the key of version 2 must be 32 bytes");
    expect(message).toContain("DATABASE_URL: not a postgres:// or postgresql:// URL");
    expect(message).toContain('SECRETS_KEY_VERSION: "0" is not a positive whole number');
    for (const secret of ["hunter2", "hunter3", "hunter4", KEY]) expect(message).not.toContain(secret);
    expect(problemsOf({ SECRETS_KEY_PREVIOUS: "hunter5" })).toEqual([
      "SECRETS_KEY_PREVIOUS: entry 1 is not version:key (1:<key>)",
    ]);
  });

  it("lets tests lay variables over the run's environment, and take them back", () => {
    const before = config();
    expect(overrideConfigForTests({ METRICS_TOKEN: "t" }).metricsToken).toBe("t");
    expect(overrideConfigForTests({ LOG_LEVEL: "error" })).toMatchObject({ metricsToken: "t", logLevel: "error" });
    expect(config().logLevel).toBe("error");
    expect(overrideConfigForTests({ METRICS_TOKEN: undefined }).metricsToken).toBeUndefined();
    expect(() => overrideConfigForTests({ PORT: "x" })).toThrow(ConfigError);
    expect(resetConfigForTests()).toEqual(before);
  });
});

describe("docs/configuration.md's environment table", () => {
  const doc = readFileSync(join(ROOT, "docs/configuration.md"), "utf8");
  const section = doc.slice(doc.indexOf("\n## Environment variables"));
  const documented = section
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .flatMap((line) => [...line.split("|")[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!));

  it("lists every variable the configuration reads", () => {
    expect(documented.length).toBeGreaterThan(30);
    expect(CONFIG_VARIABLES.filter((name) => !documented.includes(name))).toEqual([]);
  });

  it("lists nothing the configuration does not read, except other programs' variables", () => {
    const known: string[] = [...CONFIG_VARIABLES, ...Object.keys(OTHER_PROGRAMS_VARIABLES)];
    expect(documented.filter((name) => !known.includes(name))).toEqual([]);
    expect(Object.keys(OTHER_PROGRAMS_VARIABLES).filter((name) => !documented.includes(name))).toEqual([]);
  });
});

describe("reading the environment", () => {
  it("happens in lib/platform/config/ alone: nothing else under lib/, server/, app/ or components/ reads it", () => {
    const needle = ["process", "env"].join(".");
    const readers: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
        const path = `${dir}/${entry.name}`;
        if (entry.isDirectory()) {
          if (path !== "lib/generated") walk(path);
        } else if (/\.(ts|tsx|mts|mjs|js)$/.test(entry.name) && readFileSync(join(ROOT, path), "utf8").includes(needle))
          readers.push(path);
      }
    };
    for (const dir of ["lib", "server", "app", "components"]) walk(dir);
    expect(readers).toEqual(["lib/platform/config/index.ts"]);
  });
});
