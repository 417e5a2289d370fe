import { z } from "zod";
import { instant, minorUnits } from "@/lib/platform/api/answers";
import { APPLY_STATES, VERIFICATIONS } from "./constants";

const phrase = z.strictObject({
  key: z.string(),
  values: z.record(z.string(), z.union([z.string(), z.array(z.looseObject({ key: z.string() }))])).optional(),
});

export const notificationViewSchema = z.strictObject({
  id: z.string().regex(/^\d+$/),
  receivedAt: instant,
  type: z.string().nullable(),
  status: z.string().nullable(),
  transactionId: z.string().nullable(),
  parentId: z.string().nullable(),
  reference: z.string().nullable(),
  amount: minorUnits.nullable(),
  currency: z.string().nullable(),
  verification: z.enum(VERIFICATIONS),
  applyState: z.enum(APPLY_STATES),
  applyDetail: z.string().nullable(),
  applyText: z.array(phrase).nullable(),
  appliedAt: instant.nullable(),
  duplicates: z.number().int().min(0),
  contentType: z.string(),
  rawBody: z.string(),
  bodyTruncated: z.boolean(),
  bodyLength: z.number().int().nullable(),
  bodySha256: z.string().nullable(),
  ip: z.string().nullable(),
});

export const inboxPageSchema = z.strictObject({
  rows: z.array(notificationViewSchema),
  nextBefore: z.string().regex(/^\d+$/).nullable(),
});

export const notificationAnswerSchema = z.strictObject({ notification: notificationViewSchema });

export const resyncAnswerSchema = notificationAnswerSchema.extend({ transactionId: z.string() });
