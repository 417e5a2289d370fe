import "server-only";
import { db } from "@/lib/platform/db";
import { Invalid } from "@/lib/platform/errors";
import { audit } from "@/lib/platform/audit/log";
import type { Actor } from "@/lib/platform/auth/actor";
import { getSettings } from "@/lib/platform/settings/service";
import type { RefundBatchSource } from "@/lib/generated/prisma/client";
import type { RefundBatchInput } from "./columns";
import { previewRefundBatch, unreviewedTotals } from "./preview";
import { batchOverThreshold } from "./threshold";
import { startSending } from "./queue";

// A batch stored whole before anything is sent (issue 34).

export type NewBatch = {
  source: RefundBatchSource;
  fileName?: string | null;
  inputs: RefundBatchInput[];
  skipProblems?: boolean;
};

const THRESHOLD_LOCK = 0x72_66_62_74; // "rfbt"

export async function createRefundBatch(input: NewBatch, actor: Actor): Promise<{ id: string }> {
  const preview = await previewRefundBatch(input.inputs);
  if (preview.problems && !input.skipProblems)
    throw new Invalid(
      `${preview.problems === 1 ? "One row has a problem" : `${preview.problems} rows have problems`}; no batch was made. Fix the rows, or leave them out.`,
      "refund_batch_problems",
      { problems: preview.problems },
    );
  if (preview.problems === preview.rows.length)
    throw new Invalid("No row can be refunded; no batch was made.", "refund_batch_empty");
  const settings = await getSettings();
  const batch = await db.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${THRESHOLD_LOCK})`;
      const over = batchOverThreshold(settings, preview.totals, await unreviewedTotals(tx));
      const made = await tx.refundBatch.create({
        data: {
          createdById: actor.user.id,
          createdByEmail: actor.user.email,
          source: input.source,
          fileName: input.fileName ?? null,
          status: over.length ? "awaiting_approval" : "approved",
          totals: preview.totals,
          needsApproval: over.length > 0,
        },
      });
      await tx.refundBatchRow.createMany({
        data: preview.rows.map((r) => ({
          batchId: made.id,
          rowIndex: r.index,
          transactionId: r.transactionId,
          given: r.given,
          amount: BigInt(r.amount ?? 0),
          currency: r.currency ?? "",
          reason: r.reason,
          note: r.note,
          status: r.problems.length ? "skipped" : "pending",
          failureReason: r.problems.length ? r.problems.map((p) => p.text).join(" ") : null,
        })),
      });
      await audit(
        {
          actor,
          action: "refund_batch.create",
          result: over.length ? "pending_approval" : "ok",
          targetType: "refund_batch",
          targetId: made.id,
          detail: {
            source: input.source,
            fileName: input.fileName ?? null,
            rows: preview.rows.length - preview.problems,
            skipped: preview.problems,
            totals: preview.totals,
            overThreshold: over,
          },
        },
        tx,
      );
      return made;
    },
    { timeout: 60_000 },
  );
  if (batch.status === "approved") await startSending(batch.id);
  return { id: batch.id };
}
