import { z } from "zod";
import { minorAmountSchema } from "@/lib/platform/money-schema";
import { filterSchemaOf } from "@/lib/platform/api/list-schema";
import { operationSearchParams } from "./search-params";

import { REFUND_REASONS, type RefundReason } from "./labels";
import { keyed } from "@/lib/platform/keyed";

/** The browser makes one per form submission; a retry of the same submission reuses it. */
export const idempotencyKeySchema = z
  .string({ error: keyed("validation.idempotency.missingOperation") })
  .regex(/^[\w.:-]{8,100}$/, keyed("validation.idempotency.format"));

const freeText = (max: number) => z.string().trim().max(max, keyed("validation.maxChars", { max }));

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
    reason: z.enum(
      Object.keys(REFUND_REASONS) as [RefundReason, ...RefundReason[]],
      keyed("validation.operations.reason"),
    ),
    note: freeText(200).optional(),
  })
  .refine((b) => b.reason !== "other" || !!b.note, {
    message: keyed("validation.operations.otherReason"),
    path: ["note"],
  });
export type RefundBody = z.infer<typeof refundBodySchema>;

export const cancelBodySchema = z.strictObject({ note: freeText(200).optional() });
export type CancelBody = z.infer<typeof cancelBodySchema>;

export const decisionBodySchema = z.strictObject({
  comment: freeText(500).min(1, keyed("validation.operations.comment")),
});

export const operationIdSchema = z.object({ id: z.uuid(keyed("validation.ids.operation")) });

export { OPERATION_STATUSES, type OperationStatus } from "./statuses";

/** GET /api/operations: the list's URL state (./search-params.ts), plus the page size. */
export const operationListQuerySchema = filterSchemaOf(operationSearchParams, { lenient: false }).extend({
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
