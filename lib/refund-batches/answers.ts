import { z } from "zod";
import { RefundBatchRowStatus, RefundBatchSource, RefundBatchStatus } from "@/lib/generated/prisma/enums";
import { instant, minorUnits } from "@/lib/platform/api/answers";
import { REFUND_REASONS, type RefundReason } from "@/lib/operations";
import { REFUND_BATCH_COLUMNS } from "./columns";

const count = z.number().int().min(0);
const outcome = z.enum([...Object.values(RefundBatchRowStatus), "waiting"]);
const outcomes = [...outcome.options, "total"] as const;

export const refundBatchViewSchema = z.strictObject({
  id: z.uuid(),
  status: z.enum(RefundBatchStatus),
  source: z.enum(RefundBatchSource),
  fileName: z.string().nullable(),
  createdBy: z.string(),
  createdById: z.uuid(),
  createdAt: instant,
  totals: z.record(z.string(), minorUnits),
  needsApproval: z.boolean(),
  decidedBy: z.string().nullable(),
  decisionComment: z.string().nullable(),
  decidedAt: instant.nullable(),
  cancelledBy: z.string().nullable(),
  finishedAt: instant.nullable(),
  counts: z.strictObject(
    Object.fromEntries(outcomes.map((o) => [o, count])) as Record<(typeof outcomes)[number], typeof count>,
  ),
});

export const refundBatchListSchema = z.strictObject({
  batches: z.array(refundBatchViewSchema),
  nextCursor: z.string().nullable(),
  older: z.boolean(),
});

export const refundBatchRowSchema = z.strictObject({
  index: z.number().int().min(1),
  given: z.string(),
  chargeReference: z.string().nullable(),
  transactionId: z.string().nullable(),
  amount: minorUnits,
  currency: z.string(),
  reason: z.string().nullable(),
  note: z.string().nullable(),
  outcome,
  operationId: z.uuid().nullable(),
  reference: z.string().nullable(),
  refundId: z.string().nullable(),
  failure: z.string().nullable(),
});

export const refundBatchAnswerSchema = z.strictObject({
  batch: refundBatchViewSchema.extend({
    rows: z.array(refundBatchRowSchema),
    rowsAfter: z.number().int().min(0),
    moreRows: z.boolean(),
  }),
});

const previewRowSchema = z.strictObject({
  index: z.number().int().min(1),
  given: z.string(),
  transactionId: z.string().nullable(),
  currency: z.string().nullable(),
  amount: minorUnits.nullable(),
  reason: z.enum(Object.keys(REFUND_REASONS) as [RefundReason, ...RefundReason[]]).nullable(),
  note: z.string().nullable(),
  problems: z.array(
    z.strictObject({ column: z.enum(REFUND_BATCH_COLUMNS).nullable(), message: z.string(), text: z.string() }),
  ),
  needsManager: z.boolean(),
});

export const refundBatchPreviewSchema = z.strictObject({
  rows: z.array(previewRowSchema),
  problems: count,
  totals: z.record(z.string(), minorUnits),
  managerRows: count,
  batchNeedsManager: z.boolean(),
  thresholdOver: z.array(z.string()),
  thresholdUnset: z.array(z.string()),
});

/** `?dryRun=1`: the preview, nothing stored; without it, the stored batch. */
export const refundBatchMadeSchema = z.union([refundBatchPreviewSchema, refundBatchAnswerSchema]);
