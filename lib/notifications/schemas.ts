import { z } from "zod";
import { CHAT_FORMATS, CHAT_TEAMS, NOTIFICATION_KINDS } from "./kinds";

/** POST /api/notifications/read: some of the reader's notifications, or all of them. */
export const markReadSchema = z.union([
  z.object({ ids: z.array(z.uuid()).min(1).max(100) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);

/** PUT /api/notifications/preferences: e-mail on or off per event kind. */
export const preferencesSchema = z.object({ email: z.partialRecord(z.enum(NOTIFICATION_KINDS), z.boolean()) }).strict();

/** PUT /api/settings/chat/{team}: a team channel's format, incoming-webhook URL and DingTalk signing secret. */
export const chatTeamSchema = z.object({ team: z.enum(CHAT_TEAMS, "validation.chat.team") });
export const chatChannelSchema = z.strictObject({
  format: z.enum(CHAT_FORMATS, "validation.chat.format"),
  url: z
    .string()
    .trim()
    .max(2048, "validation.chat.url")
    .pipe(z.url({ protocol: /^https?$/, message: "validation.chat.url" })),
  /** DingTalk's signing secret (加签); empty or left out keeps the stored one. */
  secret: z
    .string()
    .trim()
    .max(256, "validation.chat.secret")
    .regex(/^\S*$/, "validation.chat.secret")
    .optional()
    .transform((s) => s || undefined),
});
export type ChatChannelForm = z.input<typeof chatChannelSchema>;
