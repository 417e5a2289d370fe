import { z } from "zod";
import { REFUND_REASONS, type RefundReason } from "@/lib/operations/labels";
import { REFUND_BATCH_MAX_ROWS } from "./columns";

const dryRun = z.enum(["1", "true", "0", "false"], "dryRun is 1 (preview) or 0").optional();
const flag = z.enum(["1", "true", "0", "false"], "skipProblems is 1 or 0").optional();
export const isOn = (v: string | undefined) => v === "1" || v === "true";

/** POST /api/refund-batches: rows selected on the transactions list, each refunded in full. */
export const selectionBodySchema = z.strictObject({
  ids: z
    .array(z.string().trim().min(1).max(100), "Send the selected transaction ids")
    .min(1, "Select at least one transaction")
    .max(REFUND_BATCH_MAX_ROWS, `At most ${REFUND_BATCH_MAX_ROWS} transactions per batch`),
  reason: z.enum(Object.keys(REFUND_REASONS) as [RefundReason, ...RefundReason[]], "Choose a reason from the list"),
  note: z.string().trim().max(200, "At most 200 characters").optional(),
  skipProblems: z.boolean().optional(),
});

export const selectionQuerySchema = z.object({ dryRun });

/** POST /api/refund-batches/csv: the file is the body (text/csv). */
export const csvQuerySchema = z.object({
  dryRun,
  fileName: z.string().trim().max(200, "The file name is at most 200 characters").optional(),
  skipProblems: flag,
});

export const batchIdSchema = z.object({ id: z.uuid("Not a refund batch id") });

/** GET /api/refund-batches/{id}: the page of rows after row `after` (0: from the first). */
export const batchPageQuerySchema = z.object({
  after: z.coerce
    .number("after is a row number")
    .int("after is a whole row number")
    .min(0, "after is 0 or more")
    .max(1_000_000, "after is at most 1,000,000")
    .default(0),
});

export const batchListQuerySchema = z.object({
  before: z.uuid("before is the id of the last batch shown").optional(),
  status: z
    .enum(
      ["draft", "awaiting_approval", "approved", "sending", "done", "cancelled", "rejected"],
      "Not a refund batch status",
    )
    .optional(),
});
