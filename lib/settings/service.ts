import "server-only";
import { z } from "zod";
import { db } from "@/lib/db";

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
  };
}

export async function getSettings(): Promise<Settings> {
  const rows = await db.setting.findMany();
  const stored = Object.fromEntries(rows.map((r) => [r.key, r.value]));
  const merged = { ...defaults(), ...stored };
  // A stored value that no longer validates falls back to the default instead of breaking every call.
  const parsed = settingsSchema.safeParse(merged);
  return parsed.success ? parsed.data : { ...defaults(), ...settingsUpdateSchema.catch({}).parse(stored) };
}

export async function updateSettings(change: z.infer<typeof settingsUpdateSchema>, by: string) {
  await db.$transaction(
    Object.entries(change).map(([key, value]) =>
      db.setting.upsert({ where: { key }, create: { key, value: value as never, updatedBy: by }, update: { value: value as never, updatedBy: by } }),
    ),
  );
  return getSettings();
}
