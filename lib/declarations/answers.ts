import { z } from "zod";
import { instant, keysetPage, minorUnits } from "@/lib/platform/api/answers";
import { SUB_ORDER_STATES } from "./constants";
import { DECLARATION_STATUSES } from "./status";

const text = z.string().nullable();

export const subOrderViewSchema = z.strictObject({
  id: z.uuid(),
  subOrderNo: z.string(),
  orderFee: minorUnits.nullable(),
  transportFee: minorUnits.nullable(),
  productFee: minorUnits.nullable(),
  state: z.enum(SUB_ORDER_STATES),
  status: z.enum(DECLARATION_STATUSES),
  declareNumber: text,
  verificationOrg: text,
  identityCheck: text,
  customsStatus: text,
  timeModified: text,
  modifiedAt: instant.nullable(),
  errorCode: text,
  errorDetail: text,
  vendorRequest: text,
  vendorResponse: text,
  correctsId: z.uuid().nullable(),
  attempts: z.number().int().min(0),
  submittedAt: instant.nullable(),
  checkedAt: instant.nullable(),
  nextCheckAt: instant.nullable(),
  match: z.strictObject({ orderNo: text, declareNumber: text }),
});

export const declarationViewSchema = z.strictObject({
  id: z.uuid(),
  transactionId: text,
  vendorTransactionId: text,
  reference: z.string(),
  vendor: z.string(),
  paymentType: z.string(),
  merchantCustomsCode: z.string(),
  merchantCustomsName: z.string(),
  customsLocation: z.string(),
  duty: minorUnits.nullable(),
  isSplit: z.boolean(),
  buyerName: text,
  idNumberMasked: text,
  idType: text,
  businessType: text,
  parentAmount: minorUnits.nullable(),
  parentCurrency: text,
  parentCnyFen: minorUnits.nullable(),
  source: z.string(),
  createdBy: z.string(),
  createdAt: instant,
  subOrders: z.array(subOrderViewSchema),
  state: z.enum(SUB_ORDER_STATES),
  status: z.enum(DECLARATION_STATUSES),
  inFlight: z.boolean(),
});

export const declarationListSchema = keysetPage("declarations", declarationViewSchema);

export const declarationAnswerSchema = z.strictObject({ declaration: declarationViewSchema });

export const declarationResultSchema = declarationAnswerSchema.extend({ replayed: z.boolean() });

export const inquiryAnswerSchema = declarationAnswerSchema.extend({
  errors: z.array(z.string()),
  problems: z.array(z.strictObject({ subOrderNo: z.string(), code: text, message: z.string() })),
});

export const parentAnswerSchema = z.strictObject({
  transactionId: text,
  reference: text,
  status: text,
  currency: text,
  amount: minorUnits.nullable(),
  cnyFen: minorUnits.nullable(),
  method: text,
  cnyNote: text,
  cnyReason: z
    .discriminatedUnion("code", [
      z.strictObject({ code: z.literal("not_in_ledger") }),
      z.strictObject({ code: z.literal("fetch_failed"), error: text }),
      z.strictObject({ code: z.literal("upop") }),
      z.strictObject({ code: z.literal("no_cny"), method: z.string(), currency: z.string() }),
    ])
    .nullable(),
});
