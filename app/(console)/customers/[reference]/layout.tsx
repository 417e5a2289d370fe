import { recordLayout } from "@/lib/platform/auth/record-gate";
import { customerParams } from "@/lib/customers/schemas";
import { customerExists } from "@/lib/customers/view";

// An unknown consumer reference answers a real 404, before the skeleton beside the page streams.
export default recordLayout("transactions.read", customerParams, ({ reference }, user) =>
  customerExists(reference, user),
);
