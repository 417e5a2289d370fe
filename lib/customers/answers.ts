import { z } from "zod";
import { instant, minorUnits } from "@/lib/platform/api/answers";

export const customerReferencesSchema = z.strictObject({ references: z.array(z.string()) });

const text = z.string().nullable();
const count = z.number().int().min(0);

export const customerSchema = z.strictObject({
  reference: z.string(),
  byCurrency: z.array(
    z.strictObject({
      currency: z.string(),
      charges: count,
      captured: minorUnits,
      refunded: minorUnits,
      net: minorUnits,
      disputed: minorUnits,
      chargebacks: count,
    }),
  ),
  chargeCount: count,
  chargebackCount: count,
  chargebackRatio: z.number().min(0).nullable(),
  charges: z.array(
    z.strictObject({
      id: z.string(),
      reference: text,
      status: z.string(),
      amount: minorUnits,
      amountCaptured: minorUnits.nullable(),
      amountRefunded: minorUnits.nullable(),
      currency: z.string(),
      method: text,
      panMasked: text,
      timeCreated: instant,
    }),
  ),
  refunds: z.array(
    z.strictObject({
      id: z.string(),
      parentId: text,
      status: z.string(),
      amount: minorUnits,
      currency: z.string(),
      timeCreated: instant,
    }),
  ),
  chargebacks: z
    .array(
      z.strictObject({
        id: z.string(),
        chargeId: text,
        amount: minorUnits,
        currency: z.string(),
        status: z.string(),
        outcome: text,
        openedAt: instant,
        href: z.string(),
      }),
    )
    .nullable(),
  cards: z
    .array(
      z.strictObject({
        token: z.string(),
        brand: text,
        method: text,
        panMasked: text,
        expiry: text,
        status: z.string(),
      }),
    )
    .nullable(),
  declarations: z
    .array(
      z.strictObject({
        id: z.string(),
        reference: z.string(),
        transactionId: text,
        vendor: z.string(),
        customsLocation: z.string(),
        subOrders: count,
        states: z.array(z.string()),
        createdAt: instant,
      }),
    )
    .nullable(),
  more: z.strictObject({
    refunds: z.boolean(),
    chargebacks: z.boolean(),
    cards: z.boolean(),
    declarations: z.boolean(),
  }),
});
