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

/** A list row's fields (all but cardLast4, which the detail does not send) and the rest of the charge. */
export const transactionDetailSchema = ledgerListItemSchema.omit({ cardLast4: true }).extend({
  remainingToCapture: minorUnits,
  remainingToRefund: minorUnits,
  vaultToken: z.string().nullable(),
  customerName: z.string().nullable(),
  cardholderName: z.string().nullable(),
  installments: z
    .strictObject({
      id: z.string().optional(),
      payment_number: z.number().int().optional(),
      quantity: z.number().int().optional(),
      promo: z.array(z.string()).optional(),
    })
    .nullable(),
  paymentLinks: z.array(z.strictObject({ client: z.string(), format: z.string(), content: z.string() })),
  autoCapture: z.boolean().nullable(),
  chargeToken: z.string().nullable(),
  timeCaptured: instant.nullable(),
  timeCanceled: instant.nullable(),
  expiry: instant.nullable(),
  payload: z.record(z.string(), z.unknown()),
  source: z.string(),
  updatedAt: instant,
  children: z.array(
    z.strictObject({
      id: z.string(),
      type: transactionTypeSchema,
      reference: z.string().nullable(),
      status: z.string(),
      amount: minorUnits,
      currency: z.string(),
      timeCreated: instant,
    }),
  ),
  events: z.array(
    z.strictObject({
      id: z.string().regex(/^\d+$/),
      at: instant,
      kind: z.string(),
      summary: z.string(),
      text: z
        .strictObject({
          key: z.string(),
          values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
        })
        .nullable(),
      actorEmail: z.string().nullable(),
    }),
  ),
});

export const importedSchema = z.strictObject({
  kind: z.enum(["transaction", "vault"]),
  id: z.string(),
  href: z.string(),
});
