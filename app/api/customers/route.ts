import { route } from "@/lib/platform/api/route";
import { referencesForEmail } from "@/lib/customers/view";
import { customerLookup } from "@/lib/customers/schemas";
import { customerReferencesSchema } from "@/lib/customers/answers";

export const GET = route(
  {
    response: customerReferencesSchema,
    doc: {
      tag: "Ledger",
      summary: "Find consumer references by email",
      description:
        "`{ references }`: the consumer references (at most 20, sorted) of the stored cards recorded with that `email`; none without one",
    },
    permission: "transactions.read",
    query: customerLookup,
  },
  async ({ query }) => ({
    references: query.email ? await referencesForEmail(query.email) : [],
  }),
);
