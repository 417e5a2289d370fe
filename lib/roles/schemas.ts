import { z } from "zod";
import { PERMISSIONS } from "@/lib/platform/auth/permissions";

/** A role's key: lower-case letters, digits and dashes, as users.role and the API name it. */
export const roleKeySchema = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9-]{1,39}$/, "Use 2 to 40 lower-case letters, digits or dashes, starting with a letter");

export const roleParamsSchema = z.object({ key: roleKeySchema });

const permissionsSchema = z
  .array(z.enum(PERMISSIONS, "Unknown permission"))
  .max(PERMISSIONS.length)
  .transform((ps) => [...new Set(ps)].sort());

export const createRoleSchema = z.object({
  key: roleKeySchema,
  name: z.string().trim().min(1, "Enter a name").max(60),
  permissions: permissionsSchema,
});
export type CreateRoleInput = z.infer<typeof createRoleSchema>;

export const updateRoleSchema = z
  .object({ name: z.string().trim().min(1).max(60).optional(), permissions: permissionsSchema.optional() })
  .refine((v) => v.name !== undefined || v.permissions !== undefined, "Nothing to change");
export type UpdateRoleInput = z.infer<typeof updateRoleSchema>;
