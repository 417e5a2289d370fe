import { z } from "zod";
import { keyringFromEnv, type Keyring } from "../secrets/crypto";
import { parseRanges } from "../http/client-ip";
import {
  httpUrl,
  numberThat,
  oneOf,
  demoAccounts,
  path,
  positive,
  positiveInteger,
  postgresUrl,
  previousKeys,
  mailFrom,
  secretsKey,
  smtpUrl,
  text,
  thresholds,
  variable,
  wholeNumber,
} from "./parsers";

// Every variable the server reads, validated once; docs/configuration.md lists the same (ADR 0010).

export type Env = Record<string, string | undefined>;

/** Never quoted in an error: they are or hold credentials. */
export const SECRET_VARIABLES = [
  "DATABASE_URL",
  "NEXTAUTH_SECRET",
  "SECRETS_KEY",
  "SECRETS_KEY_PREVIOUS",
  "METRICS_TOKEN",
  "SMTP_URL",
] as const;

/** In docs/configuration.md's table but read by other programs (npm start's launcher, scripts, tests, the sandbox), not by the server. */
export const OTHER_PROGRAMS_VARIABLES = {
  CONSOLE_DATA_DIR: "npm start (scripts/start.ts): where local mode keeps its database and generated secrets",
  CONSOLE_DB_PORT: "npm start (scripts/start.ts): local mode's embedded PostgreSQL port",
  DATABASE_MIGRATION_URL: "npm start (scripts/start.ts): the role that migrates",
  ADMIN_PASSWORD: "npm run create-admin",
  SANDBOX_EXTENSIONS: "the sandbox (sandbox/README.md)",
  SANDBOX_PORT: "npm start (scripts/start.ts): the bundled sandbox's port",
  TEST_DATABASE_URL: "npm test",
  CHROMIUM_PATH: "npm test (Playwright)",
  MAIL_SINK_URL: "npm test (Playwright): the page of the local mail sink the e2e server sends to",
} as const;

const DEFAULT_THRESHOLDS = "USD:50000,EUR:50000,GBP:40000,HKD:400000,CNY:350000,JPY:75000,KRW:700000";

const VARIABLES = {
  PORT: variable(numberThat("a TCP port number (1–65535)", (n) => Number.isInteger(n) && n >= 1 && n <= 65535)),
  DATABASE_URL: variable(postgresUrl),
  DATABASE_POOL_SIZE: variable(positiveInteger("connections")),
  WEBHOOK_POOL_SIZE: variable(positiveInteger("connections")),
  NEXTAUTH_SECRET: variable(text),
  NEXTAUTH_URL: variable(httpUrl),
  SESSION_IDLE_MINUTES: variable(positive("minutes")),
  SESSION_MAX_MINUTES: variable(positive("minutes")),
  STEP_UP_MINUTES: variable(positive("minutes")),
  CONSOLE_ENV: variable(oneOf("production", "development", "test")),
  TRUSTED_PROXIES: variable(parseRanges),
  SECRETS_KEY: variable(secretsKey),
  SECRETS_KEY_VERSION: variable(positiveInteger("versions")),
  SECRETS_KEY_PREVIOUS: variable(previousKeys),
  UPI_BASE_URL: variable(httpUrl),
  CUSTOMS_BASE_URL: variable(httpUrl),
  UPI_ENVIRONMENT: variable(oneOf("sandbox", "production")),
  UPI_TIMEOUT_MS: variable(positiveInteger("milliseconds")),
  CUSTOMS_TIMEOUT_MS: variable(positiveInteger("milliseconds")),
  CUSTOMS_DECLARATION_INQUIRY_PATH: variable(path),
  MERCHANT_CUSTOMS_CODE: variable(text, { empty: true }),
  MERCHANT_CUSTOMS_NAME: variable(text, { empty: true }),
  CONSOLE_PUBLIC_URL: variable((raw) => (raw === "" ? "" : httpUrl(raw)), { empty: true }),
  REFUND_APPROVAL_THRESHOLDS: variable(thresholds, { empty: true }),
  REFUND_APPROVAL_PERCENT: variable(
    numberThat("a share between 0 and 100", (n) => Number.isFinite(n) && n >= 0 && n <= 100),
  ),
  RECONCILE_FIRST_CHECK_SECONDS: variable(wholeNumber("seconds")),
  RECONCILIATION_WINDOW_HOURS: variable(
    numberThat("a number of hours between 1 and 24", (n) => Number.isFinite(n) && n >= 1 && n <= 24),
  ),
  WEBHOOK_RATE_PER_SECOND: variable(positive("notifications")),
  WEBHOOK_STORE_BYTES_PER_MINUTE: variable(wholeNumber("bytes")),
  WEBHOOK_REPLAY_WINDOW_DAYS: variable(positive("days")),
  WEBHOOK_PREVIOUS_SECRET_HOURS: variable(
    numberThat("a number of hours, 0 or more", (n) => Number.isFinite(n) && n >= 0),
  ),
  SHUTDOWN_GRACE_SECONDS: variable(positive("seconds")),
  LOG_LEVEL: variable(oneOf("fatal", "error", "warn", "info", "debug", "trace", "silent")),
  METRICS_TOKEN: variable(text),
  CONSOLE_RESPONSE_LOG: variable(text),
  CHAT_ALLOW_INTERNAL: variable(oneOf("1")),
  CONSOLE_DEMO_ACCOUNTS: variable(demoAccounts),
  CONSOLE_WORKERS: variable(oneOf("on", "off")),
  PAYMENT_LINK_EXPIRY_HOURS: variable(positive("hours")),
  SMTP_URL: variable(smtpUrl),
  MAIL_FROM: variable(mailFrom),
};

export const CONFIG_VARIABLES = Object.keys(VARIABLES) as (keyof typeof VARIABLES)[];

const schema = z.object(VARIABLES).transform((v) => {
  const upiBaseUrl = v.UPI_BASE_URL ?? "http://127.0.0.1:4010";
  return {
    production: v.CONSOLE_ENV === "production",
    port: v.PORT ?? 3000,
    databaseUrl: v.DATABASE_URL,
    databasePoolSize: v.DATABASE_POOL_SIZE ?? 10,
    webhookPoolSize: v.WEBHOOK_POOL_SIZE ?? 8,
    auth: {
      secret: v.NEXTAUTH_SECRET,
      url: v.NEXTAUTH_URL,
      idleMinutes: v.SESSION_IDLE_MINUTES ?? 15,
      maxMinutes: v.SESSION_MAX_MINUTES ?? 12 * 60,
      stepUpMinutes: v.STEP_UP_MINUTES ?? 5,
    },
    trustedProxies: v.TRUSTED_PROXIES ?? [],
    keyring: v.SECRETS_KEY
      ? keyringFromEnv({
          SECRETS_KEY: v.SECRETS_KEY,
          SECRETS_KEY_VERSION: String(v.SECRETS_KEY_VERSION ?? 1),
          SECRETS_KEY_PREVIOUS: v.SECRETS_KEY_PREVIOUS,
        })
      : null,
    settings: {
      environment: v.UPI_ENVIRONMENT ?? "sandbox",
      upiBaseUrl,
      customsBaseUrl: v.CUSTOMS_BASE_URL ?? upiBaseUrl,
      declarationInquiryPath: v.CUSTOMS_DECLARATION_INQUIRY_PATH ?? "/chinacustoms/inquire",
      upiTimeoutMs: v.UPI_TIMEOUT_MS ?? 15_000,
      customsTimeoutMs: v.CUSTOMS_TIMEOUT_MS ?? 60_000,
      merchantCustomsCode: v.MERCHANT_CUSTOMS_CODE ?? "",
      merchantCustomsName: v.MERCHANT_CUSTOMS_NAME ?? "",
      publicUrl: v.CONSOLE_PUBLIC_URL ?? v.NEXTAUTH_URL ?? "",
      refundApprovalThresholds: v.REFUND_APPROVAL_THRESHOLDS ?? thresholds(DEFAULT_THRESHOLDS),
      refundApprovalPercent: v.REFUND_APPROVAL_PERCENT ?? null,
    },
    reconcileFirstCheckSeconds: v.RECONCILE_FIRST_CHECK_SECONDS,
    reconciliationWindowHours: v.RECONCILIATION_WINDOW_HOURS ?? 20,
    webhooks: {
      ratePerSecond: v.WEBHOOK_RATE_PER_SECOND ?? 2000,
      storeBytesPerMinute: v.WEBHOOK_STORE_BYTES_PER_MINUTE ?? 1024 * 1024,
      replayWindowDays: v.WEBHOOK_REPLAY_WINDOW_DAYS ?? 7,
      previousSecretHours: v.WEBHOOK_PREVIOUS_SECRET_HOURS ?? 24,
    },
    shutdownGraceSeconds: v.SHUTDOWN_GRACE_SECONDS ?? 25,
    logLevel: v.LOG_LEVEL ?? "info",
    metricsToken: v.METRICS_TOKEN,
    responseLog: v.CONSOLE_RESPONSE_LOG,
    chatAllowInternal: v.CHAT_ALLOW_INTERNAL === "1" && v.CONSOLE_ENV !== "production",
    demoAccounts: v.CONSOLE_ENV === "production" ? {} : (v.CONSOLE_DEMO_ACCOUNTS ?? {}),
    workers: v.CONSOLE_WORKERS !== "off",
    paymentLinkExpiryHours: v.PAYMENT_LINK_EXPIRY_HOURS ?? 24,
    mail: { smtpUrl: v.SMTP_URL, from: v.MAIL_FROM ?? "Merchant Console <console@localhost>" },
  };
});

export type Config = z.output<typeof schema>;

export const RESPONSE_LOG_REFUSED =
  "records every response body (test runs only) and is refused with CONSOLE_ENV=production: unset it.";

/** Why CONSOLE_RESPONSE_LOG cannot be used here, or null (npm start's launcher asks too). */
export function responseLogRefusal(env: Env): string | null {
  if (!env.CONSOLE_RESPONSE_LOG || env.CONSOLE_ENV !== "production") return null;
  return `CONSOLE_RESPONSE_LOG ${RESPONSE_LOG_REFUSED}`;
}

function productionProblems(env: Env): string[] {
  if (env.CONSOLE_ENV !== "production") return [];
  const missing = (["DATABASE_URL", "NEXTAUTH_SECRET", "SECRETS_KEY"] as const).filter((name) => !env[name]);
  return [
    ...missing.map((name) => `${name}: not set, and CONSOLE_ENV=production needs it`),
    ...(responseLogRefusal(env) ? [`CONSOLE_RESPONSE_LOG: ${RESPONSE_LOG_REFUSED}`] : []),
    ...(env.CHAT_ALLOW_INTERNAL
      ? [
          "CHAT_ALLOW_INTERNAL: lets chat messages reach internal addresses (test runs only) and is refused with CONSOLE_ENV=production: unset it.",
        ]
      : []),
  ];
}

/** Every bad variable of an environment, each named with what is wrong (a secret's value never shown). */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `${problems.length === 1 ? "1 environment variable is" : `${problems.length} environment variables are`} wrong (docs/configuration.md):\n  ${problems.join("\n  ")}`,
    );
    this.name = "ConfigError";
  }
}

/** Reads and validates an environment; throws a ConfigError listing every problem. */
export function loadConfig(env: Env): Config {
  const parsed = schema.safeParse(env);
  const problems = (parsed.error?.issues ?? []).map((issue) => {
    const name = String(issue.path[0]);
    const raw = env[name];
    // Belt and braces: a secret's value never reaches the message, whatever produced it.
    const message =
      (SECRET_VARIABLES as readonly string[]).includes(name) && raw && issue.message.includes(raw)
        ? "not valid (the value is not shown)"
        : issue.message;
    return `${name}: ${message}`;
  });
  problems.push(...productionProblems(env));
  if (problems.length || !parsed.success) throw new ConfigError(problems);
  return parsed.data;
}

let overrides: Env = {};
let current: Config | undefined;

/** This process's configuration, read from process.env on first use. */
export function config(): Config {
  current ??= loadConfig({ ...process.env, ...overrides });
  return current;
}

/** The keyring that seals stored credentials; a clear error when SECRETS_KEY is missing. */
export function secretsKeyring(): Keyring {
  const ring = config().keyring;
  if (!ring) throw new Error("SECRETS_KEY is not set (npm start generates one in local mode)");
  return ring;
}

/** Tests only: the configuration read again with these over process.env, until resetConfigForTests(). */
export function overrideConfigForTests(vars: Env): Config {
  overrides = { ...overrides, ...vars };
  current = undefined;
  return config();
}

/** Tests only: back to process.env alone. */
export function resetConfigForTests(): Config {
  overrides = {};
  current = undefined;
  return config();
}
