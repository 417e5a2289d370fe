import { z } from "zod";
import { minorAmountSchema } from "@/lib/platform/money-schema";
import { filterSchemaOf } from "@/lib/platform/api/list-schema";
import { operationSearchParams } from "./search-params";

import { REFUND_REASONS, type RefundReason } from "./labels";

/** The browser makes one per form submission; a retry of the same submission reuses it. */
export const idempotencyKeySchema = z
  .string({ error: "Send an Idempotency-Key header (for example a UUID) with every capture, refund and cancel." })
  .regex(/^[\w.:-]{8,100}$/, "The Idempotency-Key is 8 to 100 letters, digits and . : - _");

const freeText = (max: number) => z.string().trim().max(max, `At most ${max} characters`);

export const captureBodySchema = z.strictObject({
  amount: minorAmountSchema.optional(),
  multiCapture: z.boolean().optional(),
  lastCapture: z.boolean().optional(),
  shipping: z.strictObject({ vendor: freeText(100).optional(), tracking: freeText(100).optional() }).optional(),
});
export type CaptureBody = z.infer<typeof captureBodySchema>;

export const refundBodySchema = z
  .strictObject({
    amount: minorAmountSchema.optional(),
    reason: z.enum(Object.keys(REFUND_REASONS) as [RefundReason, ...RefundReason[]], "Choose a reason from the list"),
    note: freeText(200).optional(),
  })
  .refine((b) => b.reason !== "other" || !!b.note, {
    message: "Describe the reason when it is “Other”",
    path: ["note"],
  });
export type RefundBody = z.infer<typeof refundBodySchema>;

export const cancelBodySchema = z.strictObject({ note: freeText(200).optional() });
export type CancelBody = z.infer<typeof cancelBodySchema>;

export const decisionBodySchema = z.strictObject({
  comment: freeText(500).min(1, "Add a comment for the requester and the audit trail"),
});

export const operationIdSchema = z.object({ id: z.uuid("Not an operation id") });

export { OPERATION_STATUSES, type OperationStatus } from "./statuses";

/** GET /api/operations: the list's URL state (./search-params.ts), plus the page size. */
export const operationListQuerySchema = filterSchemaOf(operationSearchParams, { lenient: false }).extend({
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
