import { route } from "@/lib/platform/api/route";
import { referencesForEmail } from "@/lib/customers/view";
import { customerLookup } from "@/lib/customers/schemas";

// The consumer references known for an email (from stored cards): the way to a customer by email.
export const GET = route({ permission: "transactions.read", query: customerLookup }, async ({ query }) => ({
  references: query.email ? await referencesForEmail(query.email) : [],
}));
