import { z } from "zod";
import { settingsSchema } from "@/lib/platform/settings/schema";
import { credentialNameAnswer } from "@/lib/settings";
import { chatChannelsSchema } from "@/lib/notifications";
import { temporaryPasswordSchema, userAnswerSchema } from "@/lib/users";
import { roleAnswerSchema } from "@/lib/roles";
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
