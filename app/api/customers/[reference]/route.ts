import { route } from "@/lib/platform/api/route";
import { getCustomer } from "@/lib/customers/view";
import { customerParams } from "@/lib/customers/schemas";
import { customerSchema } from "@/lib/customers/answers";

export const GET = route(
  {
    response: customerSchema,
    doc: {
      tag: "Ledger",
      summary: "Read one consumer",
      description:
        "one consumer: the newest 200 charges, and the newest 200 refunds, chargebacks (with `chargebacks.read`) and declarations (`customs.read`) of those charges, stored cards (`vault.read`) — a kind the role may not read is null, and `more` says which kinds have more than were answered (`chargeCount` counts every charge); lifetime totals per currency, chargeback ratio; 404 when no charge or stored card carries the reference",
    },
    permission: "transactions.read",
    params: customerParams,
  },
  async ({ params, actor }) => getCustomer(params.reference, actor.user),
);
