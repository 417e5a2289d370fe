import { route } from "@/lib/platform/api/route";
import { getCustomer } from "@/lib/customers/view";
import { customerParams } from "@/lib/customers/schemas";

// One consumer: charges, refunds, chargebacks, stored cards and declarations, each only when
// the caller's role may read that kind of record; lifetime totals per currency.
export const GET = route({ permission: "transactions.read", params: customerParams }, async ({ params, actor }) =>
  getCustomer(params.reference, actor.user),
);
