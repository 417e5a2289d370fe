import { z } from "zod";
import { PendingChangeStatus } from "@/lib/generated/prisma/enums";
import { instant } from "@/lib/platform/api/answers";

export const pendingChangeSchema = z.strictObject({
  id: z.uuid(),
  kind: z.string(),
  targetId: z.string().nullable(),
  lines: z.array(z.string()),
  messages: z.array(z.string()),
  requestedById: z.uuid(),
  requestedByEmail: z.string(),
  requestedAt: instant,
  expiresAt: instant,
  status: z.enum(PendingChangeStatus),
  decidedByEmail: z.string().nullable(),
  decidedAt: instant.nullable(),
  comment: z.string().nullable(),
});

export const pendingChangeListSchema = z.strictObject({
  pendingChanges: z.array(pendingChangeSchema),
  singleAdmin: z.boolean(),
  noApprover: z.boolean(),
});

export const pendingChangeClosedSchema = z.strictObject({ pendingChange: pendingChangeSchema });
