import { z } from "zod";
import { instant } from "@/lib/platform/api/answers";
import { ROLES } from "@/lib/platform/auth/permissions";
import { NOTIFICATION_KINDS } from "./kinds";
import { NOTIFICATION_MODES } from "./modes";

const kind = z.enum(NOTIFICATION_KINDS);
const mode = z.enum(NOTIFICATION_MODES);
const unread = z.number().int().min(0);

export const inboxSchema = z.strictObject({
  notifications: z.array(
    z.strictObject({
      id: z.uuid(),
      kind: z.string(),
      subject: z.string(),
      body: z.string(),
      link: z.string().nullable(),
      createdAt: instant,
      read: z.boolean(),
    }),
  ),
  unread,
});

export const unreadSchema = z.strictObject({ unread });

const hhmm = z.string().regex(/^\d{2}:\d{2}$/);

export const notificationPreferencesSchema = z.strictObject({
  preferences: z.array(z.strictObject({ kind, mode, roleDefault: mode, own: z.boolean(), always: z.boolean() })),
  quietHours: z.strictObject({ start: hhmm, end: hhmm }).nullable(),
});

const defaults = z.record(kind, mode);

export const roleDefaultsAnswerSchema = z.strictObject({ defaults: z.record(z.enum(ROLES), defaults) });

export const roleDefaultsSetSchema = z.strictObject({ role: z.enum(ROLES), defaults });
