import { z } from "zod";
import { keyed } from "@/lib/platform/keyed";

// Transaction ids are opaque strings (22 digits, 32 hex, …): bound their shape, not their form.
const id = z
  .string()
  .trim()
  .min(1, keyed("validation.ledger.transactionId"))
  .max(64, keyed("validation.ledger.transactionIdMax"))
  .regex(/^[\w-]+$/, keyed("validation.ledger.transactionIdFormat"));
export const transactionIdSchema = z.object({ id });
export const importSchema = z.object({ id });
