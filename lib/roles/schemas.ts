import { z } from "zod";
import { PERMISSIONS } from "@/lib/platform/auth/permissions";
import { keyed } from "@/lib/platform/keyed";

/** A role's key: lower-case letters, digits and dashes, as users.role and the API name it. */
export const roleKeySchema = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9-]{1,39}$/, keyed("validation.roles.key"));

export const roleParamsSchema = z.object({ key: roleKeySchema });

const permissionsSchema = z
  .array(z.enum(PERMISSIONS, keyed("validation.roles.permission")))
  .max(PERMISSIONS.length)
  .transform((ps) => [...new Set(ps)].sort());

export const createRoleSchema = z.object({
  key: roleKeySchema,
  name: z.string().trim().min(1, keyed("validation.users.name")).max(60),
  permissions: permissionsSchema,
});
export type CreateRoleInput = z.infer<typeof createRoleSchema>;

export const updateRoleSchema = z
  .object({ name: z.string().trim().min(1).max(60).optional(), permissions: permissionsSchema.optional() })
  .refine((v) => v.name !== undefined || v.permissions !== undefined, keyed("validation.nothingToChange"));
export type UpdateRoleInput = z.infer<typeof updateRoleSchema>;
