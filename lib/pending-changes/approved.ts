import { z } from "zod";
import { settingsSchema } from "@/lib/platform/settings/schema";
import { credentialNameAnswer } from "@/lib/settings/answers";
import { chatChannelsSchema } from "@/lib/notifications/answers";
import { temporaryPasswordSchema, userAnswerSchema } from "@/lib/users/answers";
import { roleAnswerSchema } from "@/lib/roles/answers";
import { pendingChangeSchema } from "./answers";

/** An approval's answer: the closed change and what applying its kind returned (lib/pending-changes/approve.ts). */
export const approvedSchema = z.strictObject({
  pendingChange: pendingChangeSchema,
  settings: settingsSchema.optional(),
  credential: credentialNameAnswer.optional(),
  chat: chatChannelsSchema.optional(),
  sso: z.enum(["provider", "policy"]).optional(),
  user: userAnswerSchema.shape.user.optional(),
  temporaryPassword: temporaryPasswordSchema.shape.temporaryPassword.optional(),
  ok: z.literal(true).optional(),
  role: roleAnswerSchema.shape.role.optional(),
});
