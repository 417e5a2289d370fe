import { z } from "zod";
import { instant, minorUnits } from "@/lib/platform/api/answers";

export const auditEntrySchema = z.strictObject({
  id: z.string().regex(/^\d+$/),
  at: instant,
  actorEmail: z.string().nullable(),
  byConsole: z.boolean(),
  role: z.string().nullable(),
  action: z.string(),
  result: z.string(),
  target: z.string().nullable(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  amount: minorUnits.nullable(),
  currency: z.string().nullable(),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
  exported: z
    .strictObject({ rows: z.number().int().min(0), stopped: z.enum(["cancelled", "readFailed"]).nullable() })
    .nullable(),
});

export const auditPageSchema = z.strictObject({
  entries: z.array(auditEntrySchema),
  nextBefore: z.string().regex(/^\d+$/).nullable(),
});
