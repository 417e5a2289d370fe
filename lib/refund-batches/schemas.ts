import { z } from "zod";
import { REFUND_REASONS, type RefundReason } from "@/lib/operations";
import { REFUND_BATCH_MAX_ROWS } from "./columns";
import { keyed } from "@/lib/platform/keyed";
import { filterSchemaOf } from "@/lib/platform/api/list-schema";
import { limitParam } from "@/lib/platform/api/keyset";
import { refundBatchSearchParams } from "./search-params";

const dryRun = z.enum(["1", "true", "0", "false"], "dryRun is 1 (preview) or 0").optional();
const flag = z.enum(["1", "true", "0", "false"], "skipProblems is 1 or 0").optional();
export const isOn = (v: string | undefined) => v === "1" || v === "true";

/** POST /api/refund-batches: rows selected on the transactions list, each refunded in full. */
export const selectionBodySchema = z.strictObject({
  ids: z
    .array(z.string().trim().min(1).max(100), keyed("validation.batches.ids"))
    .min(1, keyed("validation.batches.select"))
    .max(REFUND_BATCH_MAX_ROWS, keyed("validation.batches.rowsMax", { max: REFUND_BATCH_MAX_ROWS })),
  reason: z.enum(
    Object.keys(REFUND_REASONS) as [RefundReason, ...RefundReason[]],
    keyed("validation.operations.reason"),
  ),
  note: z.string().trim().max(200, keyed("validation.batches.noteMax")).optional(),
  skipProblems: z.boolean().optional(),
});

export const selectionQuerySchema = z.object({ dryRun });

/** POST /api/refund-batches/csv: the file is the body (text/csv). */
export const csvQuerySchema = z.object({
  dryRun,
  fileName: z.string().trim().max(200, keyed("validation.batches.fileName")).optional(),
  skipProblems: flag,
});

export const batchIdSchema = z.object({ id: z.uuid(keyed("validation.ids.batch")) });

/** GET /api/refund-batches/{id}: the page of rows after row `after` (0: from the first). */
export const batchPageQuerySchema = z.object({
  after: z.coerce
    .number(keyed("validation.query.afterNumber"))
    .int(keyed("validation.query.afterWhole"))
    .min(0, keyed("validation.query.afterMin"))
    .max(1_000_000, keyed("validation.query.afterMax"))
    .default(0),
});

export const batchListQuerySchema = filterSchemaOf(refundBatchSearchParams).extend({ limit: limitParam });
export type BatchListQuery = Partial<z.infer<typeof batchListQuerySchema>> & { limit: number };
