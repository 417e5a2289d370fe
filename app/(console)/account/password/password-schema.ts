import { z } from "zod";
import { changePasswordSchema } from "@/lib/users/schemas";

// The password form's schema: POST /api/me/password's own, and the new password typed twice
// alike (checked here only: the API takes it once). Loaded at the first check.

export const passwordFormSchema = () =>
  changePasswordSchema
    .safeExtend({ confirmPassword: z.string() })
    .refine((v) => v.newPassword === v.confirmPassword, {
      path: ["confirmPassword"],
      message: "account.password.differ",
    })
    .transform(({ confirmPassword: _, ...body }) => body);
