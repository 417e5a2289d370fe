import "server-only";
import type { z } from "zod";
import { db, pool } from "@/lib/platform/db";
import { Invalid } from "@/lib/platform/errors";
import { guardsOutbound, internalDestinationReason, type Resolver } from "@/lib/platform/http/ssrf";
import { config } from "@/lib/platform/config";
import { SECRET_NAMES } from "@/lib/platform/secrets/store";
import { auditWrite, type AuditEntry } from "@/lib/platform/audit/log";
import { CONFIG_TOPICS, publishConfigChange, watchConfigChanges } from "@/lib/platform/events";
import type { Prisma } from "@/lib/generated/prisma/client";
import { settingsSchema, type settingsUpdateSchema, type Settings } from "@/lib/platform/settings/schema";
import { DEFAULT_LOCALE, DEFAULT_TIME_ZONE } from "@/lib/platform/i18n/locales";

export { settingsSchema, settingsUpdateSchema, type Settings } from "@/lib/platform/settings/schema";

// The environment's defaults (lib/platform/config/); the webhook inbox's retention, the chargeback
// response windows and the languages and zones have none there.
function defaults(): Settings {
  return {
    ...config().settings,
    webhookRetentionDays: 90,
    webhookRejectedRetentionDays: 7,
    // Days to respond from entering each status; the others wait on the bank (lib/chargebacks/deadline.ts).
    chargebackResponseDays: { "Notification of Claim": 10, "Request For Information": 7 },
    defaultLocale: DEFAULT_LOCALE,
    defaultTimeZone: DEFAULT_TIME_ZONE,
    reportingTimeZone: DEFAULT_TIME_ZONE,
    // A new merchant starts with two-step sign-in for everyone (issue 30); the session read
    // (lib/platform/auth/session.ts) falls back to the same value when no row is stored.
    mfaRequiredForEveryone: true,
    // Ten single-refund thresholds' worth per batch; a few refunds a second (issue 34).
    refundBatchThresholds: Object.fromEntries(
      Object.entries(config().settings.refundApprovalThresholds).map(([c, v]) => [c, v * 10]),
    ),
    refundBatchRatePerSecond: 5,
    // Three days back, a few inquiries a second: 100,000 charges in about nine hours.
    reconciliationDays: 3,
    reconciliationRatePerSecond: 3,
  };
}

/**
 * Base URLs changed but not yet proved (Test connection, or the customs token entered again:
 * there is no harmless customs call): ordinary calls send them nothing.
 */
export const URL_KEYS = ["upiBaseUrl", "customsBaseUrl"] as const;
export type UrlKey = (typeof URL_KEYS)[number];
export type Unverified = Partial<Record<UrlKey, { since: string; by: string }>>;
const UNVERIFIED = "unverified.";

/** Changing these lowers a control or sends credentials elsewhere: they need a fresh second factor. */
// Lowering the inbox retention deletes evidence: it is a control too.
export const STEP_UP_KEYS = [
  "upiBaseUrl",
  "customsBaseUrl",
  "publicUrl",
  "refundApprovalThresholds",
  "refundApprovalPercent",
  "refundBatchThresholds",
  "webhookRetentionDays",
  "webhookRejectedRetentionDays",
  "mfaRequiredForEveryone",
  // What every declaration carries to Customs in the merchant's name (issue 48, item 5).
  "merchantCustomsCode",
  "merchantCustomsName",
] as const;

type Loaded = { settings: Settings; unverified: Unverified };

// Cached until the configuration bus says otherwise (lib/platform/events). Loaded with the unverified
// marks, so a call never sees a new base URL without its mark.
let state: { value: Promise<Loaded> } | null = null;
const forget = () => {
  state = null;
};
const check = watchConfigChanges([CONFIG_TOPICS.settings], forget);

export function getSettingsState(): Promise<Loaded> {
  check();
  if (state) return state.value;
  const entry = { value: loadSettings() };
  state = entry;
  entry.value.catch(() => state === entry && forget());
  return entry.value;
}

export const getSettings = (): Promise<Settings> => getSettingsState().then((s) => s.settings);

export async function loadSettings(): Promise<Loaded> {
  const { rows } = await pool.query<{ key: string; value: unknown }>("SELECT key, value FROM settings");
  const unverified = Object.fromEntries(
    rows.filter((r) => r.key.startsWith(UNVERIFIED)).map((r) => [r.key.slice(UNVERIFIED.length), r.value]),
  ) as Unverified;
  const stored = Object.fromEntries(rows.filter((r) => !r.key.startsWith(UNVERIFIED)).map((r) => [r.key, r.value]));
  // A stored value that no longer validates falls back to the default instead of breaking every call.
  const parsed = settingsSchema.safeParse({ ...defaults(), ...stored });
  if (parsed.success) return { settings: parsed.data, unverified };
  const valid = Object.fromEntries(
    Object.entries(stored).filter(([k, v]) => settingsSchema.shape[k as keyof Settings]?.safeParse(v).success),
  );
  return { settings: { ...defaults(), ...valid }, unverified };
}

export type SettingsChange = z.infer<typeof settingsUpdateSchema>;
type Change = SettingsChange;
const canonical = (v: unknown) =>
  JSON.stringify(v && typeof v === "object" ? Object.entries(v).sort(([a], [b]) => a.localeCompare(b)) : v);
const changedKeys = (current: Settings, change: Change) =>
  (Object.keys(change) as (keyof Settings)[]).filter(
    (k) => change[k] !== undefined && canonical(change[k]) !== canonical(current[k]),
  );

/** Whether this change touches a key that needs a fresh second factor (the same value again does not). */
export async function settingsChangeNeedsStepUp(change: Change): Promise<boolean> {
  const changed = changedKeys((await loadSettings()).settings, change);
  return changed.some((k) => (STEP_UP_KEYS as readonly string[]).includes(k));
}

const URL_LABEL: Record<UrlKey, string> = {
  upiBaseUrl: "Payment API base URL",
  customsBaseUrl: "Customs service base URL",
};

/**
 * Saves a change. In production (CONSOLE_ENV=production) a base URL that resolves to a
 * loopback, private, link-local or metadata address is refused; a base URL that changes is
 * marked unverified (see URL_KEYS). `guard` lets tests choose the environment and resolver.
 */
export async function updateSettings(
  change: Change,
  by: string,
  guard: { production?: boolean; resolve?: Resolver } = {},
  audited?: AuditEntry,
  // Writes of the two-admin rule (the pending change marked approved) in the same transaction.
  also: Prisma.PrismaPromise<unknown>[] = [],
) {
  const moved = changedKeys((await loadSettings()).settings, change).filter((k): k is UrlKey =>
    (URL_KEYS as readonly string[]).includes(k),
  );
  if (guard.production ?? guardsOutbound()) {
    for (const key of moved) {
      const reason = await internalDestinationReason(change[key]!, guard.resolve);
      if (reason)
        throw new Invalid(
          `${URL_LABEL[key]}: this address cannot be used in production because ${reason}. Enter the service's public address.`,
          "internal_address",
        );
      if (!change[key]!.startsWith("https://")) {
        throw new Invalid(
          `${URL_LABEL[key]}: in production the address must start with https:// (the credentials must never travel in clear).`,
          "https_required",
        );
      }
    }
  }
  const mark = { since: new Date().toISOString(), by };
  await db.$transaction([
    ...Object.entries(change).map(([key, value]) =>
      db.setting.upsert({
        where: { key },
        create: { key, value: value as never, updatedBy: by },
        update: { value: value as never, updatedBy: by },
      }),
    ),
    ...moved.map((key) =>
      db.setting.upsert({
        where: { key: UNVERIFIED + key },
        create: { key: UNVERIFIED + key, value: mark, updatedBy: by },
        update: { value: mark, updatedBy: by },
      }),
    ),
    // The stored private key (and the token made from it) never goes to a new payment address:
    // it must be entered again, by someone who has it, before Test connection can send it.
    // Otherwise one admin could point the URL at their host and press Test connection.
    ...(moved.includes("upiBaseUrl")
      ? [db.secret.deleteMany({ where: { name: { in: [SECRET_NAMES.privateKey, SECRET_NAMES.accessToken] } } })]
      : []),
    // The change and its audit row commit together, or neither does.
    ...(audited ? [auditWrite(audited)] : []),
    ...also,
    // Heard by every process once committed: they drop their settings (and tokens).
    publishConfigChange(db, CONFIG_TOPICS.settings),
    ...(moved.includes("upiBaseUrl")
      ? [publishConfigChange(db, CONFIG_TOPICS.privateKey), publishConfigChange(db, CONFIG_TOPICS.accessToken)]
      : []),
  ]);
  forget();
  return getSettings();
}

/** The credentials proved themselves at this base URL: ordinary calls may use it again. */
export async function markVerified(key: UrlKey) {
  await db.$transaction([
    db.setting.deleteMany({ where: { key: UNVERIFIED + key } }),
    publishConfigChange(db, CONFIG_TOPICS.settings),
  ]);
  forget();
}
