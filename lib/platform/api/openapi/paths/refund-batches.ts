import type { RouteArea } from "@/lib/platform/api/openapi/route-doc";

export const REFUND_BATCH_DOCS: RouteArea = {
  area: "Refund batches",
  about:
    "Many refunds at once (issue 34): rows selected on the transactions list or a CSV file, previewed, stored whole, sent at a bounded rate by the job workers, each row once. Each refund follows the per-charge approval rule; a batch over the batch threshold of a currency (Settings `refundBatchThresholds`) waits for a manager as a whole.",
  routes: {
    "GET /api/refund-batches/template.csv": {
      produces: "text/csv",
      does: "the batch file's header and one example row",
    },
    "GET /api/refund-batches/{id}/result.csv": {
      produces: "text/csv",
      does: "one line per row: `row, transaction, charge_id, currency, amount, outcome, refund_reference, refund_id, failure_reason`, outcomes as they are now",
    },
  },
};
