import { z } from "zod";
import { METHODS } from "@/lib/upi/methods";
import { captureSchema, cancelSchema, chargebackSchema, refundSchema } from "./operations";
import { address, exchangeSchema, listOf, minor, nullableInt, paymentSchema, reference } from "./shared";

export const methodSchema = z.enum(METHODS);

export const chargeRequestSchema = z.looseObject({
  transaction: z.looseObject({
    reference,
    amount: minor,
    currency: z.string().regex(/^[A-Z]{3}$/),
    country: z.string().optional(),
    auto_capture: z.boolean().optional(),
    note: z.string().optional(),
    locale: z.string().optional(),
  }),
  payment: z
    .looseObject({
      method: methodSchema.optional(),
      indicator: z.string().optional(),
      request_token: z.boolean().optional(),
      token: z.string().optional(),
      nonce: z.string().optional(),
      timeout: z.number().int().optional(),
      client: z.array(z.enum(["desktop", "mobile_browser"])).optional(),
      data: z
        .looseObject({
          pan: z.string(),
          first_name: z.string().optional(),
          last_name: z.string().optional(),
          expiry: z.string(),
          cvv: z.string(),
        })
        .optional(),
      billing_address: address.optional(),
    })
    .optional(),
  consumer: z
    .looseObject({
      reference: z.string().optional(),
      first_name: z.string().optional(),
      last_name: z.string().optional(),
      phone: z.string().optional(),
      email: z.string().optional(),
      ext_data: z.looseObject({ document_id: z.string().optional() }).optional(),
    })
    .optional(),
  goods: z
    .looseObject({
      data: z.array(z.record(z.string(), z.unknown())).optional(),
      shipping: z.record(z.string(), z.unknown()).optional(),
    })
    .optional(),
  installments: z
    .looseObject({
      id: z.string().optional(),
      payment_number: z.number().int().optional(),
      quantity: z.number().int().optional(),
      promo: z.array(z.string()).optional(),
    })
    .optional(),
  shipping_address: z.record(z.string(), z.string()).optional(),
  urls: z
    .looseObject({
      ipn: z.string().optional(),
      mobile: z.string().optional(),
      success: z.string().optional(),
      fail: z.string().optional(),
      cancel: z.string().optional(),
    })
    .optional(),
  ext: z.record(z.string(), z.unknown()).optional(),
  billing_address: address.optional(),
});
export type ChargeRequest = z.infer<typeof chargeRequestSchema>;

export const CHARGE_STATUSES = ["initiated", "authorized", "pending", "succeeded", "canceled"] as const;
const chargeStatus = z
  .string()
  .transform((s) => ({ init: "initiated", success: "succeeded", cancelled: "canceled" })[s] ?? s)
  .pipe(z.enum(CHARGE_STATUSES));

export const chargeSchema = z.looseObject({
  object: z.literal("charge").optional(),
  charge_token: z.string().optional(),
  id: z.string().min(1),
  reference: z.string(),
  amount: z.number().int(),
  amount_captured: nullableInt,
  amount_refunded: nullableInt,
  amount_authorized_remaining: nullableInt,
  currency: z.string(),
  country: z.string().nullable().optional(),
  time_created: z.union([z.number(), z.string()]).nullable().optional(),
  time_captured: z.union([z.number(), z.string()]).nullable().optional(),
  time_canceled: z.union([z.number(), z.string()]).nullable().optional(),
  expiry: z.number().nullable().optional(),
  auto_capture: z.boolean().nullable().optional(),
  status: chargeStatus,
  exchange: exchangeSchema,
  payment: paymentSchema,
  captures: listOf(captureSchema),
  refunds: listOf(refundSchema),
  chargebacks: listOf(chargebackSchema),
});
export type Charge = z.infer<typeof chargeSchema>;

/** An inquiry may return any kind of transaction; `object` says which. */
export const transactionSchema = z.union([
  chargeSchema,
  captureSchema.extend({ object: z.literal("capture") }),
  refundSchema.extend({ object: z.literal("refund") }),
  cancelSchema.extend({ object: z.literal("cancel") }),
]);
export type Transaction = z.infer<typeof transactionSchema>;

/** What an inquiry by id can answer: a transaction, or a chargeback (its own object). */
export const inquirySchema = z.union([
  transactionSchema,
  chargebackSchema.extend({ object: z.literal("chargeback"), id: z.string() }),
]);
export type Inquired = z.infer<typeof inquirySchema>;
