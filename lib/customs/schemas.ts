import { z } from "zod";

import { BUSINESS_TYPES, ID_TYPES, PAYMENT_TYPES, VENDORS } from "./constants";

export { BUSINESS_TYPES, ID_TYPES, PAYMENT_TYPES, VENDORS };

const fen = z.number().int().positive();

export const declareRequestSchema = z.strictObject({
  vendor: z.enum(VENDORS),
  payment_type: z.enum(PAYMENT_TYPES),
  reference: z.string().min(1),
  merchant_customs_code: z.string().min(1),
  merchant_customs_name: z.string().min(1),
  customs_location: z.string().min(1),
  duty: z.number().int().nonnegative().optional(),
  buyer_name: z.string().optional(),
  id_number: z.string().optional(),
  id_type: z.enum(Object.keys(ID_TYPES) as [keyof typeof ID_TYPES]).optional(),
  businessType: z.enum(["1", "2"]).optional(),
  is_split: z.enum(["T", "t"]).optional(),
  sub_order_no: z.string().optional(),
  original_sub_order_no: z.string().optional(),
  fee_type: z.literal("CNY").optional(),
  order_fee: fen.optional(),
  transport_fee: z.number().int().nonnegative().optional(),
  product_fee: z.number().int().nonnegative().optional(),
});
export type DeclareRequest = z.infer<typeof declareRequestSchema>;

export const declarationInquirySchema = z.strictObject({
  vendor: z.enum(VENDORS),
  payment_type: z.enum(PAYMENT_TYPES).optional(),
  reference: z.string().min(1),
  customs_location: z.string().optional(),
  is_split: z.enum(["T", "t"]).optional(),
  sub_order_no: z.string().optional(),
});
export type DeclarationInquiry = z.infer<typeof declarationInquirySchema>;

const text = z.union([z.string(), z.number()]).transform(String);
const optionalText = text
  .nullable()
  .optional()
  .transform((v) => v || null);

/** Field names vary between providers; accept the spaced and the underscored forms. */
export const declareResponseSchema = z
  .looseObject({
    result: z.enum(["success", "fail"]),
    declare_number: optionalText,
    verification_organization: optionalText,
    "verification organization": optionalText,
    identity_check_result: optionalText,
    "identity check result": optionalText,
    error_detail: optionalText,
    "error detail": optionalText,
    original_vendor_request: optionalText,
    original_vendor_response: optionalText,
    customs_status: optionalText,
    sub_order_no: optionalText,
  })
  .transform((r) => ({
    result: r.result,
    declareNumber: r.declare_number,
    verificationOrganization: r.verification_organization ?? r["verification organization"],
    identityCheck: r.identity_check_result ?? r["identity check result"],
    errorDetail: r.error_detail ?? r["error detail"],
    vendorRequest: r.original_vendor_request,
    vendorResponse: r.original_vendor_response,
    customsStatus: r.customs_status,
    subOrderNo: r.sub_order_no,
  }));
export type DeclareResponse = z.infer<typeof declareResponseSchema>;

export const declarationStatusSchema = z
  .looseObject({
    result: z.enum(["success", "fail"]),
    customs_status: optionalText,
    status: optionalText,
    time_modified: optionalText,
    error_detail: optionalText,
    declare_number: optionalText,
  })
  .transform((r) => ({
    result: r.result,
    customsStatus: r.customs_status ?? r.status,
    timeModified: r.time_modified,
    errorDetail: r.error_detail,
    declareNumber: r.declare_number,
  }));

const cny = z.union([z.string().regex(/^\d+(\.\d{1,2})?$/), z.number()]).transform((v) => Math.round(Number(v) * 100));

export const paymentInquiryResponseSchema = z
  .looseObject({
    id: text,
    type: z.string().optional(),
    amount: z.union([z.number(), z.string()]).transform(Number),
    time: optionalText,
    reference: z.string(),
    status: z.string(),
    currency: z.string(),
    note: optionalText,
    amount_CNY: cny.optional(),
  })
  .transform(({ amount_CNY, ...r }) => ({ ...r, cnyFen: amount_CNY ?? null }));

export const chopInquiryResponseSchema = z
  .looseObject({
    amount: z.union([z.number(), z.string()]).transform(Number),
    reference: z.string(),
    type: z.string().optional(),
    currency: z.string(),
    amount_CNY: cny.optional(),
    payment_method: optionalText,
    notify_result: optionalText,
    status: optionalText,
    id: optionalText,
  })
  .transform(({ amount_CNY, ...r }) => ({ ...r, cnyFen: amount_CNY ?? null }));

export const payRequestSchema = z.strictObject({
  vendor: z.enum(VENDORS),
  amount: z.number().int().positive(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  reference: z.string().min(1),
  ipn_url: z.string().optional(),
  callback_url: z.string().optional(),
  allow_duplicates: z.literal("yes").optional(),
  amount_CNY: z.literal("yes").optional(),
});
export const chopRequestSchema = payRequestSchema.omit({ vendor: true, callback_url: true }).extend({
  payment_method: z.enum(VENDORS),
  callback_url_success: z.string().optional(),
  callback_url_fail: z.string().optional(),
  mobile_result_url: z.string().optional(),
});
export const payResponseSchema = z.looseObject({
  result: z.enum(["success", "fail"]),
  url: z.string(),
  id: optionalText,
  q: optionalText,
});
