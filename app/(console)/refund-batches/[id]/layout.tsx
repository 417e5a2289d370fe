import { recordLayout } from "@/lib/platform/auth/record-gate";
import { batchIdSchema } from "@/lib/refund-batches/schemas";
import { refundBatchExists } from "@/lib/refund-batches/view";

// An unknown batch id answers a real 404, before the skeleton beside the page streams.
export default recordLayout("transactions.read", batchIdSchema, ({ id }) => refundBatchExists(id));
