import { z } from "zod";
import { roleKeySchema } from "@/lib/roles/schemas";
import { PASSWORD_MIN_LENGTH } from "@/lib/platform/auth/password-policy";
import { filterSchemaOf } from "@/lib/platform/api/list-schema";
import { userSearchParams } from "./search-params";

/** GET /api/users: the users list's URL state (./search-params.ts); a value it cannot use is ignored. */
export const userListQuerySchema = filterSchemaOf(userSearchParams);

export const userIdSchema = z.object({ id: z.uuid("Unknown user id") });

const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(256, "Use at most 256 characters");

export const createUserSchema = z.object({
  email: z.email("Enter a valid email address").trim().toLowerCase().max(254),
  name: z.string().trim().min(1, "Enter a name").max(120),
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
  .refine((v) => Object.keys(v).length > 0, "Nothing to change");
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

export const changePasswordSchema = z
  .object({ currentPassword: z.string().min(1, "Enter your current password").max(1024), newPassword: passwordSchema })
  .refine((v) => v.currentPassword !== v.newPassword, {
    path: ["newPassword"],
    message: "Choose a password different from the current one",
  });

export const codeSchema = z.object({ code: z.string().trim().min(1, "Enter the code").max(32, "That is not a code") });
