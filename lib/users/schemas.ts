import { z } from "zod";
import { roleKeySchema } from "@/lib/roles/shared";
import { PASSWORD_MIN_LENGTH } from "@/lib/platform/auth/password-policy";
import { filterSchemaOf } from "@/lib/platform/api/list-schema";
import { userSearchParams } from "./search-params";
import { keyed } from "@/lib/platform/keyed";

/** GET /api/users: the users list's URL state (./search-params.ts); a value it cannot use is ignored. */
export const userListQuerySchema = filterSchemaOf(userSearchParams);

export const userIdSchema = z.object({ id: z.uuid(keyed("validation.ids.user")) });

const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, keyed("validation.users.passwordMin", { min: PASSWORD_MIN_LENGTH }))
  .max(256, keyed("validation.users.passwordMax"));

export const createUserSchema = z.object({
  email: z.email(keyed("validation.users.email")).trim().toLowerCase().max(254),
  name: z.string().trim().min(1, keyed("validation.users.name")).max(120),
  role: roleKeySchema,
  password: passwordSchema,
});
export type CreateUserInput = z.infer<typeof createUserSchema>;

export const updateUserSchema = z
  .object({
    role: roleKeySchema.optional(),
    disabled: z.boolean().optional(),
    name: z.string().trim().min(1).max(120).optional(),
  })
  .refine((v) => Object.keys(v).length > 0, keyed("validation.nothingToChange"));
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, keyed("validation.users.currentPassword")).max(1024),
    newPassword: passwordSchema,
  })
  .refine((v) => v.currentPassword !== v.newPassword, {
    path: ["newPassword"],
    message: keyed("validation.users.samePassword"),
  });

export const codeSchema = z.object({
  code: z.string().trim().min(1, keyed("validation.users.code")).max(32, keyed("validation.users.notACode")),
});
