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
