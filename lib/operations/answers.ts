import { z } from "zod";
import { instant, keysetPage, minorUnits } from "@/lib/platform/api/answers";
import { OPERATION_STATUSES } from "./statuses";

export const operationViewSchema = z.strictObject({
  id: z.uuid(),
  kind: z.enum(["capture", "refund", "cancel"]),
  transactionId: z.string(),
  reference: z.string(),
  status: z.enum(OPERATION_STATUSES),
  amount: minorUnits,
  currency: z.string(),
  reason: z.string().nullable(),
  note: z.string().nullable(),
  multiCapture: z.boolean(),
  lastCapture: z.boolean(),
  shipping: z.strictObject({ vendor: z.string().nullable(), tracking: z.string().nullable() }).nullable(),
  resultId: z.string().nullable(),
  errorCode: z.string().nullable(),
  errorMessage: z.string().nullable(),
  errorKey: z.string().nullable(),
  message: z.string(),
  requestedBy: z.string(),
  batchId: z.uuid().nullable(),
  decidedBy: z.string().nullable(),
  decisionComment: z.string().nullable(),
  decidedAt: instant.nullable(),
  attempts: z.number().int(),
  checks: z.number().int(),
  createdAt: instant,
  resolvedAt: instant.nullable(),
});

export const operationPageSchema = keysetPage("operations", operationViewSchema);

export const approvalSchema = z.strictObject({
  op: operationViewSchema,
  charge: z
    .strictObject({
      reference: z.string().nullable(),
      method: z.string().nullable(),
      amount: minorUnits,
      captured: minorUnits.nullable(),
      refunded: minorUnits,
      currency: z.string(),
    })
    .nullable(),
  left: minorUnits,
  own: z.boolean(),
});

export const approvalPageSchema = keysetPage("approvals", approvalSchema);

export const operationAnswerSchema = z.strictObject({ operation: operationViewSchema });

export const operationResultSchema = operationAnswerSchema.extend({ replayed: z.boolean() });

export const chargeOperationsSchema = z.strictObject({
  operations: z.array(operationViewSchema),
  room: z.strictObject({ capture: minorUnits, refund: minorUnits }),
});
