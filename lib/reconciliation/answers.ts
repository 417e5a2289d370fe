import { z } from "zod";
import { ReconciliationExceptionKind, ReconciliationTrigger } from "@/lib/generated/prisma/enums";
import { instant, keysetPage } from "@/lib/platform/api/answers";

const sides = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));

export const exceptionViewSchema = z.strictObject({
  id: z.uuid(),
  chargeId: z.string(),
  reference: z.string().nullable(),
  kind: z.enum(ReconciliationExceptionKind),
  subject: z.string(),
  currency: z.string(),
  ledger: sides,
  provider: sides,
  firstSeenAt: instant,
  lastSeenAt: instant,
  ageDays: z.number().int().min(0),
  resolvedAt: instant.nullable(),
  resolvedBy: z.string().nullable(),
  resolution: z.string().nullable(),
});

const count = z.number().int().min(0);

export const runViewSchema = z.strictObject({
  id: z.uuid(),
  trigger: z.enum(ReconciliationTrigger),
  startedBy: z.string().nullable(),
  startedAt: instant,
  finishedAt: instant.nullable(),
  checked: count,
  calls: count,
  exceptions: count,
  applied: count,
  notChecked: z.array(z.string()),
});

export const runListSchema = z.strictObject({ runs: z.array(runViewSchema) });

export const exceptionListSchema = keysetPage("exceptions", exceptionViewSchema).extend({
  runs: z.array(runViewSchema),
  open: count,
});

export const exceptionAnswerSchema = z.strictObject({ exception: exceptionViewSchema });

export const runAnswerSchema = z.strictObject({ run: runViewSchema });
