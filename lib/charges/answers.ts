import { z } from "zod";
import {
  chargeSchema,
  installmentSchema,
  promotionSchema,
  captureSchema,
  chargebackSchema,
  refundSchema,
} from "@/lib/upi";

// The payment service's answers as the console passes them on: its lists always arrays, its other fields kept.

export const consultAnswerSchema = z.looseObject({
  installments: z.array(installmentSchema),
  promotions: z.array(promotionSchema),
});

const amount = z.number().int().nullable();
const exchange = z
  .looseObject({
    amount: z.number().nullable().optional(),
    currency: z.string().nullable().optional(),
    rate: z.number().nullable().optional(),
  })
  .nullable();

export const chargeAnswerSchema = chargeSchema.extend({
  amount_captured: amount,
  amount_refunded: amount,
  amount_authorized_remaining: amount,
  exchange,
  captures: z.array(captureSchema.extend({ amount_captured: amount, exchange })),
  refunds: z.array(refundSchema.extend({ amount_refunded: amount, exchange })),
  chargebacks: z.array(chargebackSchema),
});
