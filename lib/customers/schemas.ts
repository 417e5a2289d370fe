import { z } from "zod";

// A consumer reference is the merchant's own key: any text, bounded.
export const customerParams = z.object({
  reference: z
    .string()
    .trim()
    .min(1, "Enter a consumer reference")
    .max(128, "A consumer reference is at most 128 characters"),
});
export const customerLookup = z.object({
  email: z.email("Enter an email address").max(254).optional().catch(undefined),
  reference: z.string().trim().min(1).max(128).optional().catch(undefined),
});
