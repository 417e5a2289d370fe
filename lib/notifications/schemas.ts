import { z } from "zod";
import { CHAT_FORMATS, CHAT_TEAMS, NOTIFICATION_KINDS } from "./kinds";
import { NOTIFICATION_MODES } from "./modes";
import { ROLES } from "@/lib/platform/auth/permissions";
import { filterSchemaOf } from "@/lib/platform/api/list-schema";
import { limitParam } from "@/lib/platform/api/keyset";
import { notificationSearchParams } from "./search-params";

/** GET /api/notifications: the centre's filters and page. */
export const inboxQuerySchema = filterSchemaOf(notificationSearchParams).extend({ limit: limitParam });
export type InboxQuery = Partial<z.infer<typeof inboxQuerySchema>> & { limit: number };

/** POST /api/notifications/read: some of the reader's notifications, or all of them. */
export const markReadSchema = z.union([
  z.object({ ids: z.array(z.uuid()).min(1).max(100) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "validation.notifications.time");
const modes = z.partialRecord(z.enum(NOTIFICATION_KINDS), z.enum(NOTIFICATION_MODES).nullable());

/** PUT /api/notifications/preferences. */
export const preferencesSchema = z
  .object({
    modes: modes.optional(),
    email: z.partialRecord(z.enum(NOTIFICATION_KINDS), z.boolean()).optional(),
    quietHours: z.strictObject({ start: hhmm, end: hhmm }).nullable().optional(),
  })
  .strict();

/** PUT /api/notifications/role-defaults: a manager's defaults for one role. */
export const roleDefaultsSchema = z.strictObject({ role: z.enum(ROLES, "validation.reports.role"), modes });

/** PUT /api/settings/chat/{team}: a team channel's format, incoming-webhook URL and DingTalk signing secret. */
export const chatTeamSchema = z.object({ team: z.enum(CHAT_TEAMS, "validation.chat.team") });
export const chatChannelSchema = z.strictObject({
  format: z.enum(CHAT_FORMATS, "validation.chat.format"),
  url: z
    .string()
    .trim()
    .max(2048, "validation.chat.url")
    .pipe(z.url({ protocol: /^https?$/, message: "validation.chat.url" })),
  secret: z
    .string()
    .trim()
    .max(256, "validation.chat.secret")
    .regex(/^\S*$/, "validation.chat.secret")
    .optional()
    .transform((s) => s || undefined),
});
export type ChatChannelForm = z.input<typeof chatChannelSchema>;
