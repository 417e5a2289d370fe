import { z } from "zod";
import { instant } from "@/lib/platform/api/answers";
import { PERMISSIONS } from "@/lib/platform/auth/permissions";
import { pendingChangeSchema } from "@/lib/pending-changes/answers";

export const roleViewSchema = z.strictObject({
  key: z.string(),
  name: z.string(),
  preset: z.boolean(),
  permissions: z.array(z.enum(PERMISSIONS)),
  users: z.number().int().min(0),
  updatedAt: instant,
});

export const roleListSchema = z.strictObject({
  roles: z.array(roleViewSchema),
  pendingChanges: z.array(pendingChangeSchema),
});
