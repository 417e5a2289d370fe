import "server-only";
import { z } from "zod";
import { db, pool } from "@/lib/db";

// Non-secret settings: stored values win over the environment's defaults.
export const settingsSchema = z.strictObject({
  environment: z.enum(["sandbox", "production"]),
  upiBaseUrl: z.url({ protocol: /^https?$/, message: "Enter an http(s) URL" }),
  customsBaseUrl: z.url({ protocol: /^https?$/, message: "Enter an http(s) URL" }),
  declarationInquiryPath: z.string().regex(/^\/[\w\-/]*$/, "A path such as /chinacustoms/inquire"),
  upiTimeoutMs: z.number().int().min(1000).max(120_000),
  customsTimeoutMs: z.number().int().min(1000).max(300_000),
  merchantCustomsCode: z.string().max(64),
  merchantCustomsName: z.string().max(128),
  publicUrl: z.union([z.url({ protocol: /^https?$/ }), z.literal("")]),
  /** Refunds above these amounts (minor units, per currency) wait for a manager's approval. */
  refundApprovalThresholds: z.record(z.string().regex(/^[A-Z]{3}$/, "A three-letter currency code"), z.number().int().min(0)),
  /** …and so do refunds above this share of the charge's amount, when set. */
  refundApprovalPercent: z.number().min(0).max(100).nullable(),
});
export type Settings = z.infer<typeof settingsSchema>;
export const settingsUpdateSchema = settingsSchema.partial();

function defaults(): Settings {
  const env = process.env;
  const upi = env.UPI_BASE_URL ?? "http://127.0.0.1:4010";
  return {
    environment: env.UPI_ENVIRONMENT === "production" ? "production" : "sandbox",
    upiBaseUrl: upi,
    customsBaseUrl: env.CUSTOMS_BASE_URL ?? upi,
    declarationInquiryPath: env.CUSTOMS_DECLARATION_INQUIRY_PATH ?? "/chinacustoms/inquire",
    upiTimeoutMs: Number(env.UPI_TIMEOUT_MS ?? 15_000),
    customsTimeoutMs: Number(env.CUSTOMS_TIMEOUT_MS ?? 60_000),
    merchantCustomsCode: env.MERCHANT_CUSTOMS_CODE ?? "",
    merchantCustomsName: env.MERCHANT_CUSTOMS_NAME ?? "",
    publicUrl: env.CONSOLE_PUBLIC_URL ?? env.NEXTAUTH_URL ?? "",
    refundApprovalThresholds: parseThresholds(env.REFUND_APPROVAL_THRESHOLDS ?? DEFAULT_THRESHOLDS),
    refundApprovalPercent: env.REFUND_APPROVAL_PERCENT ? Number(env.REFUND_APPROVAL_PERCENT) : null,
  };
}

// About 500 US dollars in each currency the services take.
const DEFAULT_THRESHOLDS = "USD:50000,EUR:50000,GBP:40000,HKD:400000,CNY:350000,JPY:75000,KRW:700000";

/** "USD:50000,EUR:50000" → { USD: 50000, EUR: 50000 }; malformed pairs are skipped. */
export function parseThresholds(text: string): Record<string, number> {
  const pairs = text.split(",").map((p) => p.trim().split(":"));
  return Object.fromEntries(
    pairs.filter(([c, v]) => /^[A-Z]{3}$/.test(c ?? "") && /^\d+$/.test(v ?? "")).map(([c, v]) => [c, Number(v)]),
  );
}

// Read on every upstream call, so kept for a moment: another instance's change reaches
// this one within CACHE_MS; this instance's own changes at once. Kept on globalThis because
// one process runs these modules twice — in Next.js's bundles (pages) and in the production
// server's API lane (scripts/lib/api-lane.ts) — and a change made through one must reach both.
const CACHE_MS = 2000;
const shared = globalThis as unknown as { consoleSettings?: { at: number; value: Promise<Settings> } | null };

export function getSettings(): Promise<Settings> {
  const cached = shared.consoleSettings;
  if (cached && Date.now() - cached.at < CACHE_MS) return cached.value;
  const value = loadSettings();
  shared.consoleSettings = { at: Date.now(), value };
  value.catch(() => (shared.consoleSettings = null));
  return value;
}

async function loadSettings(): Promise<Settings> {
  const { rows } = await pool.query<{ key: string; value: unknown }>("SELECT key, value FROM settings");
  const stored = Object.fromEntries(rows.map((r) => [r.key, r.value]));
  // A stored value that no longer validates falls back to the default instead of breaking every call.
  const parsed = settingsSchema.safeParse({ ...defaults(), ...stored });
  if (parsed.success) return parsed.data;
  const valid = Object.fromEntries(
    Object.entries(stored).filter(([k, v]) => settingsSchema.shape[k as keyof Settings]?.safeParse(v).success),
  );
  return { ...defaults(), ...valid };
}

export async function updateSettings(change: z.infer<typeof settingsUpdateSchema>, by: string) {
  await db.$transaction(
    Object.entries(change).map(([key, value]) =>
      db.setting.upsert({ where: { key }, create: { key, value: value as never, updatedBy: by }, update: { value: value as never, updatedBy: by } }),
    ),
  );
  shared.consoleSettings = null;
  return getSettings();
}
