import { z } from "zod";
import { listOf, minor } from "./shared";

// A query string: only the spec's parameters are sent.
export const consultQuerySchema = z.strictObject({
  method: z.enum(["alipay+", "card"]),
  amount: minor,
  currency: z.string().regex(/^[A-Z]{3}$/),
  country: z.string().optional(),
  client: z.enum(["desktop", "mobile_browser"]).optional(),
  device: z.enum(["ios", "android"]).optional(),
});
export type ConsultQuery = z.infer<typeof consultQuerySchema>;

export const installmentSchema = z.looseObject({
  total_amount: z.number(),
  installment_no: z.number(),
  installment_amount: z.number(),
});

export const promotionSchema = z.looseObject({
  discount_amount: z.number(),
  min_original_amount: z.number().optional(),
  max_original_amount: z.number().optional(),
  balance: z.number().optional(),
  discount_code: z.string(),
  expiry: z.number().optional(),
  issuer: z.string().optional(),
  token_payment: z.boolean().optional(),
});

export const consultSchema = z.looseObject({
  installments: listOf(installmentSchema),
  promotions: listOf(promotionSchema),
});
export type ConsultResult = z.infer<typeof consultSchema>;
