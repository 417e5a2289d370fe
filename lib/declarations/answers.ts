import { z } from "zod";
import { instant, keysetPage, minorUnits } from "@/lib/platform/api/answers";
import { SUB_ORDER_STATES } from "./constants";
import { BULK_COLUMNS } from "./bulk-columns";
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

const alreadyDeclared = z.strictObject({ declarationId: z.string(), by: z.string(), at: instant });

/** `?dryRun=1`: every problem of every row at its line and column; nothing sent. */
export const bulkPreviewSchema = z.strictObject({
  rows: z.array(
    z.strictObject({
      line: z.number().int().min(2),
      reference: z.string(),
      cells: z.partialRecord(z.enum(BULK_COLUMNS), z.string()),
      problems: z.array(
        z.strictObject({
          column: z.enum(BULK_COLUMNS).nullable(),
          message: z.string(),
          rule: z
            .strictObject({
              key: z.string(),
              values: z.strictObject({
                currency: z.string().optional(),
                fee: z.number().optional(),
                sum: z.number().optional(),
                used: z.number().optional(),
                cap: z.number().optional(),
                sub: z.strictObject({ n: z.number().int(), subOrderNo: z.string() }).optional(),
              }),
            })
            .optional(),
          words: z
            .strictObject({ key: z.string(), values: z.record(z.string(), z.union([z.string(), z.number()])) })
            .optional(),
          keyed: z.string().optional(),
        }),
      ),
      declared: alreadyDeclared.optional(),
    }),
  ),
  problems: z.number().int().min(0),
  orderCount: z.number().int().min(0),
  declaredCount: z.number().int().min(0),
});

/** Without it: what was done with each row. */
export const bulkOutcomeSchema = z.strictObject({
  rows: z.array(
    z.strictObject({
      line: z.number().int().min(2),
      reference: z.string(),
      ok: z.boolean(),
      problems: z.array(z.string()),
      declarationId: z.string().optional(),
      replayed: z.boolean().optional(),
      declared: alreadyDeclared.optional(),
    }),
  ),
  sent: z.number().int().min(0),
  refused: z.number().int().min(0),
});

export const bulkAnswerSchema = z.union([bulkPreviewSchema, bulkOutcomeSchema]);
