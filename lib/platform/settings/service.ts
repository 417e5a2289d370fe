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

function defaults(): Settings {
  return {
    ...config().settings,
    webhookRetentionDays: 90,
    webhookRejectedRetentionDays: 7,
    chargebackResponseDays: { "Notification of Claim": 10, "Request For Information": 7 },
    defaultLocale: DEFAULT_LOCALE,
    defaultTimeZone: DEFAULT_TIME_ZONE,
    reportingTimeZone: DEFAULT_TIME_ZONE,
    mfaRequiredForEveryone: true,
    refundBatchThresholds: Object.fromEntries(
      Object.entries(config().settings.refundApprovalThresholds).map(([c, v]) => [c, v * 10]),
    ),
    refundBatchRatePerSecond: 5,
    reconciliationDays: 3,
    reconciliationRatePerSecond: 3,
  };
}

/** Base URLs changed but not yet proved (Test connection): ordinary calls send them nothing. */
export const URL_KEYS = ["upiBaseUrl", "customsBaseUrl"] as const;
export type UrlKey = (typeof URL_KEYS)[number];
export type Unverified = Partial<Record<UrlKey, { since: string; by: string }>>;
const UNVERIFIED = "unverified.";

/** Changing these lowers a control or sends credentials elsewhere: they need a fresh second factor. */
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
  "merchantCustomsCode",
  "merchantCustomsName",
] as const;

type Loaded = { settings: Settings; unverified: Unverified };

// Cached until the bus says otherwise; loaded with the unverified marks, never a new base URL without its mark.
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

/** Saves a change; in production an internal base URL is refused and a changed one is marked unverified. */
export async function updateSettings(
  change: Change,
  by: string,
  guard: { production?: boolean; resolve?: Resolver } = {},
  audited?: AuditEntry,
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
    // The private key never goes to a new payment address: it must be entered again (docs/security.md).
    ...(moved.includes("upiBaseUrl")
      ? [db.secret.deleteMany({ where: { name: { in: [SECRET_NAMES.privateKey, SECRET_NAMES.accessToken] } } })]
      : []),
    ...(audited ? [auditWrite(audited)] : []),
    ...also,
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
