import { z } from "zod";

const id = z
  .string()
  .trim()
  .min(1, "Enter a transaction id")
  .max(64, "A transaction id is at most 64 characters")
  .regex(/^[\w-]+$/, "A transaction id has only letters, digits, - and _");
export const transactionIdSchema = z.object({ id });
export const importSchema = z.object({ id });
