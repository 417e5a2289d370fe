import type { RouteArea } from "@/lib/platform/api/openapi/route-doc";

export const REFUND_BATCH_DOCS: RouteArea = {
  area: "Refund batches",
  about:
    "Many refunds at once (issue 34): rows selected on the transactions list or a CSV file, previewed, stored whole, sent at a bounded rate by the job workers, each row once. Each refund follows the per-charge approval rule; a batch over the batch threshold of a currency (Settings `refundBatchThresholds`) waits for a manager as a whole.",
  routes: {
    "POST /api/refund-batches": {
      does: '`{ ids: [transaction id…], reason: "consumer_requested"|"inventory_issue"|"product_issue"|"fraud"|"other", note?, skipProblems? }`: each selected charge refunded in full. `?dryRun=1`: the preview `{ rows: [{ index, given, transactionId, currency, amount, reason, note, problems: [{ column, message (a catalog key with values), text }], needsManager }], problems, totals, managerRows, batchNeedsManager, thresholdOver: [currency…] (past its batch threshold), thresholdUnset: [currency…] (no threshold set: every batch waits) }`, nothing stored. Without it: `{ batch }` (as GET below); refused (422 `refund_batch_problems`) while a row has a problem unless `skipProblems` (those rows are stored as skipped). A batch under its threshold starts sending at once; over it, `awaiting_approval`',
    },
    "POST /api/refund-batches/csv": {
      consumes: "text/csv",
      does: "the batch file as the body: columns `transaction` (id or merchant reference), `amount` (major units, blank: all that is left), `reason` (its code, or its name in English or Chinese), `note`; separated by commas, semicolons (Excel where the decimal mark is a comma) or tabs, as the header line is; at most 10,000 rows, read and refused whole as the customs bulk file is (header, formula cells). `?dryRun=1` previews, as above; `?fileName=` is kept with the batch; `?skipProblems=1` stores the rows with problems as skipped. The same file again: every row `already` refunded",
    },
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
