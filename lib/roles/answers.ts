import { z } from "zod";
import { instant } from "@/lib/platform/api/answers";
import { PERMISSIONS } from "@/lib/platform/auth/permissions";

export const roleViewSchema = z.strictObject({
  key: z.string(),
  name: z.string(),
  preset: z.boolean(),
  permissions: z.array(z.enum(PERMISSIONS)),
  users: z.number().int().min(0),
  updatedAt: instant,
});

/** A role as a create or change answers it: as stored, without the count of its users. */
export const roleAnswerSchema = z.strictObject({
  role: roleViewSchema.omit({ users: true }).extend({ permissions: z.array(z.string()) }),
});
