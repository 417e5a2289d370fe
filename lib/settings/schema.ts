import { z } from "zod";
import { CHARGEBACK_STATUSES } from "@/lib/chargebacks/record";

// The settings' schema, shared by the API (lib/settings/service.ts) and the Settings forms: one
// set of rules, with messages a person reads at the field.

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
  merchantCustomsCode: z.string().max(64, "The merchant customs code is at most 64 characters"),
  merchantCustomsName: z.string().max(128, "The merchant customs name is at most 128 characters"),
  publicUrl: z.union([
    z.url({ protocol: /^https?$/, message: "Enter an http(s) URL, or leave it empty" }),
    z.literal(""),
  ]),
  /** Refunds above these amounts (minor units, per currency) wait for a manager's approval. */
  refundApprovalThresholds: z.record(
    z.string().regex(/^[A-Z]{3}$/, "A three-letter currency code"),
    z.number().int().min(0),
  ),
  /** …and so do refunds above this share of the charge's amount, when set. */
  refundApprovalPercent: z.number().min(0).max(100).nullable(),
  /** Webhook inbox retention (lib/webhooks/retention.ts): applied, confirmed, unchanged and stale notifications; never below the replay window. */
  webhookRetentionDays: z.number().int().min(7, "At least 7 days (the replay window)").max(3650),
  /** …rejected and expired (refused) ones. */
  webhookRejectedRetentionDays: z.number().int().min(1).max(3650),
  /**
   * Days to respond to a chargeback from the time it entered each status (lib/chargebacks/deadline.ts).
   * The payment API gives no deadline: this is the console's own rule. A status left out has none.
   */
  chargebackResponseDays: z.partialRecord(
    z.enum(CHARGEBACK_STATUSES),
    z.number("Enter whole days").int("Whole days").min(1, "At least 1 day").max(365, "At most 365 days"),
  ),
});
export type Settings = z.infer<typeof settingsSchema>;
export const settingsUpdateSchema = settingsSchema.partial();
