import { z } from "zod";
import { instant, keysetPage, minorUnits } from "@/lib/platform/api/answers";

export const chargebackViewSchema = z.strictObject({
  id: z.string(),
  chargeId: z.string().nullable(),
  listedChargeId: z.string().nullable(),
  untied: z.boolean(),
  reference: z.string().nullable(),
  amount: minorUnits,
  currency: z.string(),
  status: z.string(),
  outcome: z.string().nullable(),
  reason: z.string().nullable(),
  openedAt: instant,
  lastChangeAt: instant,
  closedAt: instant.nullable(),
  ageDays: z.number().int().min(0),
  respondBy: instant.nullable(),
  daysLeft: z.number().int().nullable(),
  urgency: z.enum(["overdue", "due_soon", "ok", "none"]),
  owner: z.strictObject({ id: z.uuid(), name: z.string(), email: z.string() }).nullable(),
  href: z.string(),
  history: z.array(z.strictObject({ status: z.string(), at: instant, source: z.string() })),
});

export const chargebackSummarySchema = z.strictObject({
  byStatus: z.array(
    z.strictObject({
      status: z.string(),
      currency: z.string(),
      count: z.number().int().min(0),
      amount: minorUnits,
      atRisk: z.boolean(),
    }),
  ),
  won: z.number().int().min(0),
  lost: z.number().int().min(0),
  winRate: z.number().min(0).max(1).nullable(),
});

export const chargebackListSchema = keysetPage("chargebacks", chargebackViewSchema).extend({
  summary: chargebackSummarySchema,
});

const month = z.string().regex(/^\d{4}-\d{2}$/);
const group = z.strictObject({
  key: z.string(),
  currency: z.string(),
  count: z.number().int().min(0),
  amount: minorUnits,
  atRisk: minorUnits,
  won: z.number().int().min(0),
  lost: z.number().int().min(0),
  wonAmount: minorUnits,
  lostAmount: minorUnits,
  winRate: z.number().min(0).max(1).nullable(),
});

export const chargebackBreakdownSchema = z.strictObject({
  range: z.strictObject({ from: month, to: month, timeZone: z.string().optional() }),
  byStatus: z.array(group),
  byReason: z.array(group),
  byMonth: z.array(group),
  rate: z.array(
    z.strictObject({
      month,
      currency: z.string(),
      charges: z.number().int().min(0),
      chargebacks: z.number().int().min(0),
      rate: z.number().min(0),
    }),
  ),
});

const caseNoteSchema = z.strictObject({
  id: z.string().regex(/^\d+$/),
  body: z.string(),
  by: z.string(),
  authorId: z.uuid(),
  at: instant,
  editedAt: instant.nullable(),
});

const evidenceFileSchema = z.strictObject({
  id: z.uuid(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

export const chargebackCaseSchema = chargebackViewSchema.extend({
  amountAtRisk: minorUnits,
  charge: z
    .strictObject({
      id: z.string(),
      reference: z.string().nullable(),
      status: z.string(),
      amount: minorUnits,
      amountCaptured: minorUnits.nullable(),
      amountRefunded: minorUnits.nullable(),
      currency: z.string(),
      method: z.string().nullable(),
      paymentType: z.string().nullable(),
      panMasked: z.string().nullable(),
      country: z.string().nullable(),
      timeCreated: instant,
      customer: z.strictObject({
        reference: z.string().nullable(),
        email: z.string().nullable(),
        name: z.string().nullable(),
      }),
    })
    .nullable(),
  shipping: z.array(z.strictObject({ vendor: z.string().nullable(), tracking: z.string().nullable() })),
  refunds: z.array(
    z.strictObject({
      id: z.string(),
      reference: z.string().nullable(),
      status: z.string(),
      amount: minorUnits,
      currency: z.string(),
      at: instant,
    }),
  ),
  refundedTotal: minorUnits,
  notifications: z.array(
    z.strictObject({
      id: z.string().regex(/^\d+$/),
      receivedAt: instant,
      eventTime: instant.nullable(),
      status: z.string().nullable(),
      verification: z.string(),
      applyState: z.string(),
    }),
  ),
  notes: z.array(caseNoteSchema),
  files: z.array(evidenceFileSchema.extend({ by: z.string(), at: instant })),
});

export const caseNoteAnswerSchema = z.strictObject({ note: caseNoteSchema });

export const ownerSetSchema = z.strictObject({ ok: z.literal(true) });

export const tiedSchema = z.strictObject({ id: z.string(), chargeId: z.string() });

export const evidenceAnswerSchema = z.strictObject({ file: evidenceFileSchema });
