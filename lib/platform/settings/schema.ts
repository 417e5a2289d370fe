import { z } from "zod";
import { CHARGEBACK_STATUSES } from "@/lib/chargebacks/statuses";
import { isTimeZone, LOCALES } from "@/lib/platform/i18n/locales";

const PERCENT = "A percentage from 0 to 100, or leave it empty";
const days = (min: number, below: string) =>
  z
    .number("Enter a number of days")
    .int("A whole number of days")
    .min(min, below)
    .max(3650, "At most 3650 days (ten years)");

const timeZone = z.string().refine(isTimeZone, "validation.timeZone");

const thresholds = z.record(
  z.string().regex(/^[A-Z]{3}$/, "A three-letter currency code"),
  z
    .number("Enter an amount, or leave it empty")
    .int("Whole minor units of the currency")
    .min(0, "The amount cannot be negative")
    .max(Number.MAX_SAFE_INTEGER, "That amount is too large"),
);

// Non-secret settings: stored values win over the environment's defaults.
export const settingsSchema = z.strictObject({
  environment: z.enum(["sandbox", "production"]),
  upiBaseUrl: z.url({ protocol: /^https?$/, message: "Enter an http(s) URL" }),
  customsBaseUrl: z.url({ protocol: /^https?$/, message: "Enter an http(s) URL" }),
  declarationInquiryPath: z.string().regex(/^\/[\w\-/]*$/, "A path such as /chinacustoms/inquire"),
  upiTimeoutMs: z
    .number("Enter the time-out in seconds")
    .int("Whole milliseconds")
    .min(1000, "The payment API time-out is 1 to 120 seconds")
    .max(120_000, "The payment API time-out is 1 to 120 seconds"),
  customsTimeoutMs: z
    .number("Enter the time-out in seconds")
    .int("Whole milliseconds")
    .min(1000, "The customs time-out is 1 to 300 seconds")
    .max(300_000, "The customs time-out is 1 to 300 seconds"),
  merchantCustomsCode: z.union([
    z.literal(""),
    z
      .string()
      .regex(/^[0-9A-Z]{10}$/, "The merchant customs code is the 10 digits and capital letters Customs registered"),
  ]),
  merchantCustomsName: z.union([
    z.literal(""),
    z
      .string()
      .max(100, "The merchant customs name is at most 100 characters")
      .regex(
        /^[\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N} .,&'()（）·-]*$/u,
        "The merchant customs name is the company's registered name: letters, digits, spaces and . , & ' ( ) · -",
      ),
  ]),
  publicUrl: z.union([
    z.url({ protocol: /^https?$/, message: "Enter an http(s) URL, or leave it empty" }),
    z.literal(""),
  ]),
  refundApprovalThresholds: thresholds,
  refundBatchThresholds: thresholds,
  refundBatchRatePerSecond: z
    .number("Enter a number of refunds per second")
    .int("A whole number of refunds per second")
    .min(1, "At least 1 refund per second")
    .max(50, "At most 50 refunds per second"),
  reconciliationDays: z
    .number("Enter a number of days")
    .int("A whole number of days")
    .min(1, "At least 1 day")
    .max(90, "At most 90 days"),
  reconciliationRatePerSecond: z
    .number("Enter a number of inquiries per second")
    .int("A whole number of inquiries per second")
    .min(1, "At least 1 inquiry per second")
    .max(50, "At most 50 inquiries per second"),
  refundApprovalPercent: z.number(PERCENT).min(0, PERCENT).max(100, PERCENT).nullable(),
  webhookRetentionDays: days(7, "At least 7 days (the replay window)"),
  webhookRejectedRetentionDays: days(1, "At least 1 day"),
  chargebackResponseDays: z.partialRecord(
    z.enum(CHARGEBACK_STATUSES),
    z.number("Enter whole days").int("Whole days").min(1, "At least 1 day").max(365, "At most 365 days"),
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
    .min(8, "Paste the whole value (at least 8 characters)")
    .max(4096, "At most 4096 characters")
    .regex(/^\S+$/, "The value cannot contain spaces"),
});
