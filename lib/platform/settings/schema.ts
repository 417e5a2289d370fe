import { z } from "zod";
import { CHARGEBACK_STATUSES } from "@/lib/chargebacks/statuses";
import { isTimeZone, LOCALES } from "@/lib/platform/i18n/locales";
import { keyed } from "@/lib/platform/keyed";

// The settings' schema, shared by the API (lib/platform/settings/service.ts) and the Settings forms: one
// set of rules, with messages a person reads at the field.

const PERCENT = keyed("validation.settings.percent");
/** Whole days from `min` to ten years. */
const days = (min: number, below: string) =>
  z
    .number(keyed("validation.settings.numberOfDays"))
    .int(keyed("validation.settings.wholeNumberOfDays"))
    .min(min, below)
    .max(3650, keyed("validation.settings.retention"));

const timeZone = z.string().refine(isTimeZone, "validation.timeZone");

/** Amounts per currency (minor units): the refund and the refund batch thresholds. */
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
  // As China Customs registers a company (issue 48, item 5: `abc😀` and `<script>…` were saved, and
  // every declaration then carried them): a 10-character registration code of digits and capital
  // letters, and the registered name in words — letters of any script, digits, spaces and the
  // punctuation of company names. Empty: not set yet (declarations then say who sets it).
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
  /** Refunds above these amounts (minor units, per currency) wait for a manager's approval. */
  refundApprovalThresholds: thresholds,
  /**
   * A refund batch whose total in a currency passes this (with the other batches of the last
   * day that no manager saw) waits for a manager as a whole (lib/refund-batches/threshold.ts).
   * A currency left out: every batch in it waits.
   */
  refundBatchThresholds: thresholds,
  /** Rows a refund batch sends per second, across the instances (lib/refund-batches/send.ts). */
  refundBatchRatePerSecond: z
    .number(keyed("validation.settings.refundRate"))
    .int(keyed("validation.settings.refundRateWhole"))
    .min(1, keyed("validation.settings.refundRateMin"))
    .max(50, keyed("validation.settings.refundRateMax")),
  /** The daily reconciliation asks about charges created or changed in these last days (lib/reconciliation). */
  reconciliationDays: z
    .number(keyed("validation.settings.numberOfDays"))
    .int(keyed("validation.settings.wholeNumberOfDays"))
    .min(1, keyed("validation.settings.daysMin"))
    .max(90, keyed("validation.settings.days90")),
  /** Charges a reconciliation run asks the provider about per second, across the instances. */
  reconciliationRatePerSecond: z
    .number(keyed("validation.settings.inquiryRate"))
    .int(keyed("validation.settings.inquiryRateWhole"))
    .min(1, keyed("validation.settings.inquiryRateMin"))
    .max(50, keyed("validation.settings.inquiryRateMax")),
  /** …and so do refunds above this share of the charge's amount, when set. */
  refundApprovalPercent: z.number(PERCENT).min(0, PERCENT).max(100, PERCENT).nullable(),
  /** Webhook inbox retention (lib/webhooks/retention.ts): applied, confirmed, unchanged and stale notifications; never below the replay window. */
  webhookRetentionDays: days(7, keyed("validation.settings.days7")),
  /** …rejected and expired (refused) ones. */
  webhookRejectedRetentionDays: days(1, keyed("validation.settings.daysMin")),
  /**
   * Days to respond to a chargeback from the time it entered each status (lib/chargebacks/deadline.ts).
   * The payment API gives no deadline: this is the console's own rule. A status left out has none.
   */
  chargebackResponseDays: z.partialRecord(
    z.enum(CHARGEBACK_STATUSES),
    z
      .number(keyed("validation.settings.wholeDays"))
      .int(keyed("validation.settings.wholeDaysShort"))
      .min(1, keyed("validation.settings.daysMin"))
      .max(365, keyed("validation.settings.days365")),
  ),
  /**
   * Two-step sign-in for every role, not only those that move money or manage the console
   * (lib/platform/auth/session-policy.ts). On for a new merchant; turning it off is a loosening.
   */
  mfaRequiredForEveryone: z.boolean(),
  /** The language and time zone of a person who has not chosen theirs (lib/platform/i18n/server.ts). */
  defaultLocale: z.enum(LOCALES),
  defaultTimeZone: timeZone,
  /** The zone of the home's "today" and the reports' per-day totals: one merchant, one calendar. */
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
