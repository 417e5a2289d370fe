import { z } from "zod";
import { isTimeZone, LOCALES } from "@/lib/platform/i18n/locales";
import { keyed } from "@/lib/platform/keyed";

const PERCENT = keyed("validation.settings.percent");
const days = (min: number, below: string) =>
  z
    .number(keyed("validation.settings.numberOfDays"))
    .int(keyed("validation.settings.wholeNumberOfDays"))
    .min(min, below)
    .max(3650, keyed("validation.settings.retention"));

const timeZone = z.string().refine(isTimeZone, "validation.timeZone");

const thresholds = z.record(
  z.string().regex(/^[A-Z]{3}$/, keyed("validation.settings.currencyCode")),
  z
    .number(keyed("validation.settings.amountOrEmpty"))
    .int(keyed("validation.settings.minorUnits"))
    .min(0, keyed("validation.amountNegative"))
    .max(Number.MAX_SAFE_INTEGER, keyed("validation.amountTooLarge")),
);

// Non-secret settings: stored values win over the environment's defaults.
export const settingsSchema = z.strictObject({
  environment: z.enum(["sandbox", "production"]),
  upiBaseUrl: z.url({ protocol: /^https?$/, message: keyed("validation.settings.url") }),
  customsBaseUrl: z.url({ protocol: /^https?$/, message: keyed("validation.settings.url") }),
  declarationInquiryPath: z.string().regex(/^\/[\w\-/]*$/, keyed("validation.settings.path")),
  upiTimeoutMs: z
    .number(keyed("validation.settings.timeoutSeconds"))
    .int(keyed("validation.settings.wholeMilliseconds"))
    .min(1000, keyed("validation.settings.upiTimeout"))
    .max(120_000, keyed("validation.settings.upiTimeout")),
  customsTimeoutMs: z
    .number(keyed("validation.settings.timeoutSeconds"))
    .int(keyed("validation.settings.wholeMilliseconds"))
    .min(1000, keyed("validation.settings.customsTimeout"))
    .max(300_000, keyed("validation.settings.customsTimeout")),
  merchantCustomsCode: z.union([
    z.literal(""),
    z.string().regex(/^[0-9A-Z]{10}$/, keyed("validation.settings.merchantCode")),
  ]),
  merchantCustomsName: z.union([
    z.literal(""),
    z
      .string()
      .max(100, keyed("validation.settings.merchantName"))
      .regex(/^[\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N} .,&'()（）·-]*$/u, keyed("validation.settings.merchantNameFormat")),
  ]),
  publicUrl: z.union([
    z.url({ protocol: /^https?$/, message: keyed("validation.settings.urlOrEmpty") }),
    z.literal(""),
  ]),
  refundApprovalThresholds: thresholds,
  refundBatchThresholds: thresholds,
  refundBatchRatePerSecond: z
    .number(keyed("validation.settings.refundRate"))
    .int(keyed("validation.settings.refundRateWhole"))
    .min(1, keyed("validation.settings.refundRateMin"))
    .max(50, keyed("validation.settings.refundRateMax")),
  reconciliationDays: z
    .number(keyed("validation.settings.numberOfDays"))
    .int(keyed("validation.settings.wholeNumberOfDays"))
    .min(1, keyed("validation.settings.daysMin"))
    .max(90, keyed("validation.settings.days90")),
  reconciliationRatePerSecond: z
    .number(keyed("validation.settings.inquiryRate"))
    .int(keyed("validation.settings.inquiryRateWhole"))
    .min(1, keyed("validation.settings.inquiryRateMin"))
    .max(50, keyed("validation.settings.inquiryRateMax")),
  refundApprovalPercent: z.number(PERCENT).min(0, PERCENT).max(100, PERCENT).nullable(),
  webhookRetentionDays: days(7, keyed("validation.settings.days7")),
  webhookRejectedRetentionDays: days(1, keyed("validation.settings.daysMin")),
  // Keyed by a chargeback status of the payment service: PATCH /api/settings checks which (lib/chargebacks/schemas.ts).
  chargebackResponseDays: z.partialRecord(
    z.string().min(1).max(64),
    z
      .number(keyed("validation.settings.wholeDays"))
      .int(keyed("validation.settings.wholeDaysShort"))
      .min(1, keyed("validation.settings.daysMin"))
      .max(365, keyed("validation.settings.days365")),
  ),
  /** Two-step sign-in for every role (lib/platform/auth/session-policy.ts); turning it off is a loosening. */
  mfaRequiredForEveryone: z.boolean(),
  defaultLocale: z.enum(LOCALES),
  defaultTimeZone: timeZone,
  reportingTimeZone: timeZone,
});
export type Settings = z.infer<typeof settingsSchema>;
export const settingsUpdateSchema = settingsSchema.partial();

/** A credential's new value (PUT /api/settings/credentials/<name>): pasted whole, no spaces. */
export const credentialValueSchema = z.object({
  value: z
    .string()
    .trim()
    .min(8, keyed("validation.settings.secretMin"))
    .max(4096, keyed("validation.settings.secretMax"))
    .regex(/^\S+$/, keyed("validation.settings.secretSpaces")),
});
