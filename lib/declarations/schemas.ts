import { z } from "zod";
import { limitParam } from "@/lib/platform/api/keyset";
import { filterSchemaOf } from "@/lib/platform/api/list-schema";
import { BUSINESS_TYPES, ID_TYPES, PAYMENT_TYPES, VENDORS } from "@/lib/customs/constants";
import { declarationSearchParams } from "./search-params";

const fen = (label: string) =>
  z
    .number({ error: `${label} is a number of CNY fen` })
    .int(`${label} is a whole number of fen`)
    .positive(`${label} must be more than zero`)
    .max(Number.MAX_SAFE_INTEGER);
const fen0 = (label: string) =>
  z
    .number({ error: `${label} is a number of CNY fen` })
    .int(`${label} is a whole number of fen`)
    .nonnegative(`${label} cannot be negative`)
    .max(Number.MAX_SAFE_INTEGER);
const code = (label: string, max: number) =>
  z.string().trim().min(1, `Enter the ${label}`).max(max, `The ${label} is at most ${max} characters`);

export const subOrderSchema = z.strictObject({
  subOrderNo: code("sub-order number", 64).regex(
    /^[\w.:\-/]+$/,
    "A sub-order number has only letters, digits and . : - _ /",
  ),
  orderFee: fen("The order fee"),
  transportFee: fen0("The transport fee").optional(),
  productFee: fen("The product fee").optional(),
});
export type SubOrderInput = z.infer<typeof subOrderSchema>;

/** A new declaration: one payment, by ledger id or by its reference; sub-orders when split. */
export const declarationSchema = z
  .strictObject({
    transactionId: z.string().trim().min(1).max(64).optional(),
    reference: z.string().trim().min(1).max(128).optional(),
    vendor: z.enum(VENDORS, "Choose alipay, wechatpay or upop"),
    paymentType: z.enum(PAYMENT_TYPES, "Choose Hosted, Online or InStore"),
    merchantCustomsCode: code("merchant customs code", 64),
    merchantCustomsName: code("merchant customs name", 128),
    customsLocation: code("customs location", 32),
    duty: fen0("The duty").optional(),
    isSplit: z.boolean().default(false),
    subOrders: z.array(subOrderSchema).max(50, "At most 50 sub-orders").default([]),
    upop: z
      .strictObject({
        buyerName: code("buyer's name", 64),
        idNumber: code("ID number", 32).regex(/^[0-9A-Za-z]+$/, "The ID number has only letters and digits"),
        idType: z.enum(Object.keys(ID_TYPES) as [keyof typeof ID_TYPES], "Choose an ID type").default("01"),
        businessType: z
          .enum(Object.keys(BUSINESS_TYPES) as [keyof typeof BUSINESS_TYPES], "Business type is 1 or 2")
          .default("1"),
      })
      .optional(),
  })
  .refine((d) => !!d.transactionId || !!d.reference, {
    message: "Give the transaction id or its reference",
    path: ["reference"],
  });
export type DeclarationInput = z.infer<typeof declarationSchema>;

const upopShape = declarationSchema.shape.upop.unwrap().shape;

/** A resubmission, and a correction of a sub-order Customs rejected or never took. */
export const resubmitSchema = z.strictObject({
  subOrderNo: subOrderSchema.shape.subOrderNo,
  orderFee: fen("The order fee").optional(),
  transportFee: fen0("The transport fee").optional(),
  productFee: fen("The product fee").optional(),
  duty: fen0("The duty").optional(),
  buyerName: upopShape.buyerName.optional(),
  idType: upopShape.idType.unwrap().optional(),
  idNumber: upopShape.idNumber.optional(),
  paymentType: declarationSchema.shape.paymentType.optional(),
});
export type ResubmitInput = z.infer<typeof resubmitSchema>;

export const declarationIdSchema = z.object({ id: z.uuid("Not a declaration id") });
export const subOrderIdSchema = z.object({ id: z.uuid("Not a declaration id"), subId: z.uuid("Not a sub-order id") });

/** GET /api/customs/declarations and its export: the list's URL state (./search-params.ts), plus the page size. */
export const declarationFilterSchema = filterSchemaOf(declarationSearchParams).extend({ limit: limitParam });
export type DeclarationFilter = Partial<z.infer<typeof declarationFilterSchema>> & { limit: number };
