import { z } from "zod";
import { filterSchemaOf } from "@/lib/platform/api/list-schema";
import { customerSearchParams } from "./search-params";
import { keyed } from "@/lib/platform/keyed";

// A consumer reference is the merchant's own key: any text, bounded.
export const customerParams = z.object({
  reference: z
    .string()
    .trim()
    .min(1, keyed("validation.customers.reference"))
    .max(128, keyed("validation.customers.referenceMax")),
});
/** GET /api/customers: the lookup's URL state (./search-params.ts). */
export const customerLookup = filterSchemaOf(customerSearchParams);
