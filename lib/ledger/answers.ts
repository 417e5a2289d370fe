import { z } from "zod";
import { instant, minorUnits } from "@/lib/platform/api/answers";

export const transactionTypeSchema = z.enum(["charge", "capture", "refund", "cancel"]);

export const ledgerListItemSchema = z.strictObject({
  id: z.string(),
  type: transactionTypeSchema,
  reference: z.string().nullable(),
  parentId: z.string().nullable(),
  method: z.string().nullable(),
  status: z.string(),
  amount: minorUnits,
  amountCaptured: minorUnits.nullable(),
  amountRefunded: minorUnits.nullable(),
  currency: z.string(),
  country: z.string().nullable(),
  cnyAmount: minorUnits.nullable(),
  paymentType: z.string().nullable(),
  panMasked: z.string().nullable(),
  consumerReference: z.string().nullable(),
  customerEmail: z.string().nullable(),
  cardLast4: z.string().nullable(),
  timeCreated: instant,
});

export const transactionPageSchema = z.strictObject({
  rows: z.array(ledgerListItemSchema),
  nextCursor: z.string().nullable(),
});

export const transactionNoteSchema = z.strictObject({
  id: z.string().regex(/^\d+$/),
  authorId: z.uuid().nullable(),
  authorEmail: z.string(),
  authorName: z.string(),
  body: z.string().min(1),
  createdAt: instant,
  editedAt: instant.nullable(),
});

export const transactionNotesSchema = z.strictObject({ notes: z.array(transactionNoteSchema) });

export const transactionNoteAnswerSchema = z.strictObject({ note: transactionNoteSchema });
