import { z } from "zod";
import { transactionIdSchema } from "@/lib/ledger/schemas";

// A chargeback id is the payment service's transaction id: the same opaque shape.
const id = transactionIdSchema.shape.id;
export const caseParams = z.object({ id });
export const fileParams = z.object({ id, fileId: z.uuid("Unknown file") });

export const ownerBody = z.strictObject({ ownerId: z.uuid("Choose an owner from the list").nullable() });

export const noteBody = z.strictObject({
  body: z.string().trim().min(1, "Write the note first").max(4000, "A note is at most 4000 characters"),
});

// An empty name is refused by the evidence check (after the case is found: an unknown case is a 404).
export const uploadQuery = z.object({
  name: z.string().trim().max(200, "A file name is at most 200 characters").default(""),
});

const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "A month as YYYY-MM");
export const summaryQuery = z.object({
  from: month.optional().catch(undefined),
  to: month.optional().catch(undefined),
});
