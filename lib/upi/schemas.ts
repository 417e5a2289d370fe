import { z } from "zod";
import { expirySeconds } from "./time";

// Requests: the types and required fields of what the spec names are checked, and the
// provider's own optional fields pass (the real service was recorded accepting, e.g.,
// transaction.country_accelerator, goods.billing, payment indicators 3ds1/cof/check and a
// top-level billing_address): refusing them would refuse what the provider takes.
// Responses: strict on what the console relies on, tolerant of extra fields and of the
// variants seen in the provider's material.

const minor = z.number().int().positive();
const reference = z.string().min(1).max(128);
const address = z.looseObject({
  street: z.string().optional(),
  street2: z.string().optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  zip: z.string().optional(),
  country: z.string().optional(),
});

import { METHODS } from "@/lib/ledger/constants";
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

const byIdOrReference = {
  id: z.string().min(1).optional(),
  transaction_reference: z.string().min(1).optional(),
  reference,
};
// The real service took a cancel naming both (the id wins); neither is a bug of ours.
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

export const vaultAddRequestSchema = z.looseObject({
  reference,
  payment: z.looseObject({
    method: z.literal("card"),
    nonce: z.string().optional(),
    data: z.looseObject({
      pan: z.string(),
      first_name: z.string().optional(),
      last_name: z.string().optional(),
      expiry: z.string(),
      cvv: z.string(),
    }),
    billing_address: address.optional(),
  }),
  consumer: z
    .looseObject({
      reference: z.string().optional(),
      phone: z.string().optional(),
      email: z.string().optional(),
      first_name: z.string().optional(),
      last_name: z.string().optional(),
      shipping_address: address.optional(),
    })
    .optional(),
});
export type VaultAddRequest = z.infer<typeof vaultAddRequestSchema>;

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

// ── responses ──────────────────────────────────────────────────────────────────────────

export const envelopeSchema = z.looseObject({
  status: z.enum(["success", "fail"]),
  data: z.unknown(),
  app: z.string().optional(),
  version: z.string().optional(),
});

export const failureDataSchema = z.looseObject({
  code: z.union([z.string(), z.number()]).transform(String),
  message: z.string().optional().default(""),
});

export const accessTokenSchema = z
  .looseObject({
    access_token: z.string().min(1),
    token_type: z.enum(["client", "server"]),
    expiry: z.number().transform(expirySeconds),
    permission: z.array(z.string()).optional(),
    permissions: z.array(z.string()).optional(),
  })
  .transform(({ permissions, permission, ...t }) => ({ ...t, permission: permission ?? permissions ?? [] }));
export type AccessToken = z.infer<typeof accessTokenSchema>;

const nullableInt = z
  .number()
  .int()
  .nullable()
  .optional()
  .transform((v) => v ?? null);
const exchangeSchema = z
  .looseObject({
    amount: z.number().nullable().optional(),
    currency: z.string().nullable().optional(),
    rate: z.number().nullable().optional(),
  })
  .nullable()
  .optional()
  .transform((v) => v ?? null);
const paymentSchema = z
  .looseObject({
    method: z.string().nullable().optional(),
    type: z.string().nullable().optional(),
    token: z.string().nullable().optional(),
    data: z
      .looseObject({ pan: z.string().nullable().optional(), expiry: z.string().nullable().optional() })
      .nullable()
      .optional(),
    client: z
      .array(
        z.looseObject({ client: z.string(), format: z.string(), method: z.string().optional(), content: z.string() }),
      )
      .optional(),
  })
  .optional();
const listOf = <T extends z.ZodType>(item: T) =>
  z
    .union([z.array(item), z.looseObject({ data: z.array(item).nullable().optional() })])
    .optional()
    .transform((v) => (Array.isArray(v) ? v : (v?.data ?? [])));

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

export const CHARGE_STATUSES = ["initiated", "authorized", "pending", "succeeded", "canceled"] as const;
/** The spec's shorter forms map onto the canonical statuses. */
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

export const vaultTokenSchema = z
  .looseObject({
    object: z.literal("vault").optional(),
    token: z.string().optional(),
    reference: z.string().nullable().optional(),
    status: z.enum(["active", "deleted"]),
    payment: paymentSchema,
    country: z.string().nullable().optional(),
    time_created: z.union([z.number(), z.string()]).nullable().optional(),
  })
  .transform((v) => ({ ...v, token: v.token ?? v.payment?.token ?? "" }))
  .refine((v) => v.token !== "", "a vault token without a token");
export type VaultToken = z.infer<typeof vaultTokenSchema>;
export const vaultListSchema = z
  .union([z.array(vaultTokenSchema), z.looseObject({ data: z.array(vaultTokenSchema) })])
  .transform((v) => (Array.isArray(v) ? v : v.data));

export const consultSchema = z.looseObject({
  installments: listOf(
    z.looseObject({ total_amount: z.number(), installment_no: z.number(), installment_amount: z.number() }),
  ),
  promotions: listOf(
    z.looseObject({
      discount_amount: z.number(),
      min_original_amount: z.number().optional(),
      max_original_amount: z.number().optional(),
      balance: z.number().optional(),
      discount_code: z.string(),
      expiry: z.number().optional(),
      issuer: z.string().optional(),
      token_payment: z.boolean().optional(),
    }),
  ),
});
export type ConsultResult = z.infer<typeof consultSchema>;
