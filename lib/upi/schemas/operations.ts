import { z } from "zod";
import { exchangeSchema, minor, nullableInt, reference } from "./shared";

const byIdOrReference = {
  id: z.string().min(1).optional(),
  transaction_reference: z.string().min(1).optional(),
  reference,
};
const oneOf = (v: { id?: string; transaction_reference?: string }) => !!v.id || !!v.transaction_reference;
const oneOfMessage = "give id or transaction_reference";

export const captureRequestSchema = z
  .looseObject({
    ...byIdOrReference,
    transaction_amount: minor.optional(),
    multi_capture: z.boolean().optional(),
    last_capture: z.boolean().optional(),
    shipping: z.looseObject({ vendor: z.string().optional(), tracking: z.string().optional() }).optional(),
  })
  .refine(oneOf, oneOfMessage);
export type CaptureRequest = z.infer<typeof captureRequestSchema>;

export const refundRequestSchema = z
  .looseObject({ ...byIdOrReference, amount: minor.optional(), note: z.string().max(500).optional() })
  .refine(oneOf, oneOfMessage);
export type RefundRequest = z.infer<typeof refundRequestSchema>;

export const cancelRequestSchema = z.looseObject(byIdOrReference).refine(oneOf, oneOfMessage);
export type CancelRequest = z.infer<typeof cancelRequestSchema>;

export const captureSchema = z.looseObject({
  object: z.literal("capture").optional(),
  id: z.string(),
  reference: z.string().nullable().optional(),
  amount: z.number().int(),
  amount_captured: nullableInt,
  currency: z.string(),
  time_created: z.union([z.number(), z.string()]).nullable().optional(),
  status: z.string(),
  exchange: exchangeSchema,
});
export const refundSchema = z.looseObject({
  object: z.literal("refund").optional(),
  id: z.string(),
  reference: z.string().nullable().optional(),
  amount: z.number().int(),
  amount_refunded: nullableInt,
  currency: z.string(),
  time_created: z.union([z.number(), z.string()]).nullable().optional(),
  status: z.string(),
  exchange: exchangeSchema,
});
export const cancelSchema = z.looseObject({
  object: z.literal("cancel").optional(),
  id: z.string(),
  reference: z.string().nullable().optional(),
  amount: z.number().int(),
  currency: z.string(),
  time_created: z.union([z.number(), z.string()]).nullable().optional(),
  status: z.string(),
});
export const chargebackSchema = z.looseObject({
  id: z.string().optional(),
  amount: z.number().optional(),
  currency: z.string().optional(),
  status: z.string(),
  reason: z.string().nullable().optional(),
});
