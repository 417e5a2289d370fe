import { z } from "zod";
import { keyed } from "@/lib/platform/keyed";

// The payment service's transaction ids and the merchant's references as the console's paths and
// bodies carry them.

const id = z
  .string()
  .trim()
  .min(1, keyed("validation.ledger.transactionId"))
  .max(64, keyed("validation.ledger.transactionIdMax"))
  .regex(/^[\w-]+$/, keyed("validation.ledger.transactionIdFormat"));
export const transactionIdSchema = z.object({ id });
export const importSchema = z.object({ id });

/** A merchant reference the caller may give (a charge, a payment link, a stored card); one is made up otherwise. */
export const merchantReferenceSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[\w.:-]+$/, "validation.charge.reference")
  .optional();
