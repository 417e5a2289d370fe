import { recordLayout } from "@/lib/platform/auth/record-gate";
import { transactionIdSchema } from "@/lib/upi/ids";
import { transactionExists } from "@/lib/ledger/service";

// An unknown transaction id answers a real 404, before the skeleton beside the page streams.
export default recordLayout("transactions.read", transactionIdSchema, ({ id }) => transactionExists(id));
