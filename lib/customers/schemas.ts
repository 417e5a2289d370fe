import { z } from "zod";
import { filterSchemaOf } from "@/lib/platform/api/list-schema";
import { customerSearchParams } from "./search-params";

// A consumer reference is the merchant's own key: any text, bounded.
export const customerParams = z.object({
  reference: z
    .string()
    .trim()
    .min(1, "Enter a consumer reference")
    .max(128, "A consumer reference is at most 128 characters"),
});
/** GET /api/customers: the lookup's URL state (./search-params.ts). */
export const customerLookup = filterSchemaOf(customerSearchParams);
