import { z } from "zod";
import { instant } from "@/lib/platform/api/answers";
import { ROLES } from "@/lib/platform/auth/permissions";
import { CHAT_FORMATS, CHAT_TEAMS, NOTIFICATION_KINDS } from "./kinds";
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
  nextCursor: z.string().nullable(),
  older: z.boolean(),
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

const last = z
  .strictObject({
    lastSuccessAt: instant.nullable(),
    lastFailureAt: instant.nullable(),
    lastError: z.string().nullable(),
  })
  .nullable();

export const chatChannelsSchema = z.strictObject({
  channels: z.array(
    z.strictObject({
      team: z.enum(CHAT_TEAMS),
      set: z.boolean(),
      format: z.enum(CHAT_FORMATS).nullable(),
      hint: z.string().nullable(),
      signed: z.boolean(),
      updatedAt: instant.nullable(),
      updatedBy: z.string().nullable(),
      last,
    }),
  ),
  email: z.strictObject({ configured: z.boolean(), last }),
});

export const chatTestSchema = chatChannelsSchema.extend({ ok: z.boolean(), error: z.string().nullable() });
