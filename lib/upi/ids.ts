import { z } from "zod";
import { keyed } from "@/lib/platform/keyed";

// The payment service's transaction ids as the console's paths and bodies carry them.

const id = z
  .string()
  .trim()
  .min(1, keyed("validation.ledger.transactionId"))
  .max(64, keyed("validation.ledger.transactionIdMax"))
  .regex(/^[\w-]+$/, keyed("validation.ledger.transactionIdFormat"));
export const transactionIdSchema = z.object({ id });
export const importSchema = z.object({ id });
