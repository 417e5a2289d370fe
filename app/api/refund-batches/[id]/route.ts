import { route } from "@/lib/platform/api/route";
import { getRefundBatchOrThrow } from "@/lib/refund-batches/view";
import { batchIdSchema, batchPageQuerySchema } from "@/lib/refund-batches/schemas";
import { refundBatchAnswerSchema } from "@/lib/refund-batches/answers";

export const GET = route(
  {
    response: refundBatchAnswerSchema,
    doc: {
      tag: "Refund batches",
      summary: "Get a refund batch and a page of its rows",
      description:
        "`{ batch }`: status, maker, totals, decision, `counts` (`total, pending, sent, waiting, succeeded, failed, unknown, skipped, cancelled`) and one page of 500 rows, those after row `?after=` (default 0: from the first), with their outcome read from each refund now (an unknown one settled by the reconciler shows here); `rowsAfter` and `moreRows` say where the page is and whether more rows follow",
    },
    permission: "transactions.read",
    params: batchIdSchema,
    query: batchPageQuerySchema,
  },
  async ({ params, query }) => ({ batch: await getRefundBatchOrThrow(params.id, query.after) }),
);
