import { z } from "zod";
import { limitParam } from "@/lib/platform/api/keyset";
import { filterSchemaOf } from "@/lib/platform/api/list-schema";
import { BUSINESS_TYPES, ID_TYPES, PAYMENT_TYPES, VENDORS } from "@/lib/customs/shared";
import { declarationSearchParams } from "./search-params";
import { keyed } from "@/lib/platform/keyed";

type Fee = "orderFee" | "transportFee" | "productFee" | "duty";
const fen = (field: Fee) =>
  z
    .number({ error: keyed("customs.fieldProblems.fenType", { field }) })
    .int(keyed("customs.fieldProblems.fenWhole", { field }))
    .positive(keyed("customs.fieldProblems.fenPositive", { field }))
    .max(Number.MAX_SAFE_INTEGER);
const fen0 = (field: Fee) =>
  z
    .number({ error: keyed("customs.fieldProblems.fenType", { field }) })
    .int(keyed("customs.fieldProblems.fenWhole", { field }))
    .nonnegative(keyed("customs.fieldProblems.fenNegative", { field }))
    .max(Number.MAX_SAFE_INTEGER);
type Code = "subOrderNo" | "merchantCustomsCode" | "merchantCustomsName" | "customsLocation" | "buyerName" | "idNumber";
const code = (field: Code, max: number) =>
  z
    .string()
    .trim()
    .min(1, keyed("customs.fieldProblems.required", { field }))
    .max(max, keyed("customs.fieldProblems.tooLong", { field, max }));

export const subOrderSchema = z.strictObject({
  subOrderNo: code("subOrderNo", 64).regex(/^[\w.:\-/]+$/, keyed("customs.fieldProblems.subOrderNo")),
  orderFee: fen("orderFee"),
  transportFee: fen0("transportFee").optional(),
  productFee: fen("productFee").optional(),
});
export type SubOrderInput = z.infer<typeof subOrderSchema>;

/** A new declaration: one payment, by ledger id or by its reference; sub-orders when split. */
export const declarationSchema = z
  .strictObject({
    transactionId: z.string().trim().min(1).max(64).optional(),
    reference: z.string().trim().min(1).max(128).optional(),
    vendor: z.enum(VENDORS, keyed("validation.link.vendor")),
    paymentType: z.enum(PAYMENT_TYPES, keyed("customs.fieldProblems.paymentType")),
    merchantCustomsCode: code("merchantCustomsCode", 64),
    merchantCustomsName: code("merchantCustomsName", 128),
    customsLocation: code("customsLocation", 32),
    duty: fen0("duty").optional(),
    isSplit: z.boolean().default(false),
    subOrders: z.array(subOrderSchema).max(50, keyed("customs.fieldProblems.subOrdersMax")).default([]),
    upop: z
      .strictObject({
        buyerName: code("buyerName", 64),
        idNumber: code("idNumber", 32).regex(/^[0-9A-Za-z]+$/, keyed("customs.fieldProblems.idNumber")),
        idType: z
          .enum(Object.keys(ID_TYPES) as [keyof typeof ID_TYPES], keyed("customs.fieldProblems.idType"))
          .default("01"),
        businessType: z
          .enum(
            Object.keys(BUSINESS_TYPES) as [keyof typeof BUSINESS_TYPES],
            keyed("customs.fieldProblems.businessType"),
          )
          .default("1"),
      })
      .optional(),
  })
  .refine((d) => !!d.transactionId || !!d.reference, {
    message: keyed("customs.fieldProblems.transaction"),
    path: ["reference"],
  });
export type DeclarationInput = z.infer<typeof declarationSchema>;

const upopShape = declarationSchema.shape.upop.unwrap().shape;

/** A resubmission, and a correction of a sub-order Customs rejected or never took. */
export const resubmitSchema = z.strictObject({
  subOrderNo: subOrderSchema.shape.subOrderNo,
  orderFee: fen("orderFee").optional(),
  transportFee: fen0("transportFee").optional(),
  productFee: fen("productFee").optional(),
  duty: fen0("duty").optional(),
  buyerName: upopShape.buyerName.optional(),
  idType: upopShape.idType.unwrap().optional(),
  idNumber: upopShape.idNumber.optional(),
  paymentType: declarationSchema.shape.paymentType.optional(),
});
export type ResubmitInput = z.infer<typeof resubmitSchema>;

export const declarationIdSchema = z.object({ id: z.uuid(keyed("validation.ids.declaration")) });
export const subOrderIdSchema = z.object({
  id: z.uuid(keyed("validation.ids.declaration")),
  subId: z.uuid(keyed("validation.ids.subOrder")),
});

/** GET /api/customs/declarations and its export: the list's URL state (./search-params.ts), plus the page size. */
export const declarationFilterSchema = filterSchemaOf(declarationSearchParams).extend({ limit: limitParam });
export type DeclarationFilter = Partial<z.infer<typeof declarationFilterSchema>> & { limit: number };
