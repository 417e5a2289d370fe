import { z } from "zod";
import { instant } from "@/lib/platform/api/answers";
import { PERMISSIONS } from "@/lib/platform/auth/permissions";
import { LOCALES } from "@/lib/platform/i18n/locales";
import { THEMES } from "@/lib/platform/theme";

export const userListItemSchema = z.strictObject({
  id: z.uuid(),
  email: z.string(),
  emailShown: z.string().optional(),
  name: z.string(),
  role: z.string(),
  disabled: z.boolean(),
  lastSignInAt: instant.nullable(),
  createdAt: instant,
  mustChangePassword: z.boolean(),
  mfaEnabled: z.boolean(),
  activeSessions: z.number().int().min(0),
});

export const userListSchema = z.strictObject({ users: z.array(userListItemSchema) });

export const ownSessionsSchema = z.strictObject({
  sessions: z.array(
    z.strictObject({
      id: z.uuid(),
      createdAt: instant,
      lastSeenAt: instant,
      ip: z.string().nullable(),
      userAgent: z.string().nullable(),
      current: z.boolean(),
    }),
  ),
});

export const meSchema = z.strictObject({
  user: z.strictObject({
    id: z.uuid(),
    email: z.string(),
    name: z.string(),
    role: z.string(),
    permissions: z.array(z.enum(PERMISSIONS)),
    mfaEnabled: z.boolean(),
    mfaRequired: z.boolean(),
    pending: z.enum(["password", "mfa"]).nullable(),
  }),
});

export const endedSessionsSchema = z.strictObject({ ended: z.number().int().min(0) });

export const ownPreferencesSchema = z.strictObject({
  preferences: z.strictObject({ locale: z.enum(LOCALES), timeZone: z.string() }),
});

export const ownThemeSchema = z.strictObject({ theme: z.enum(THEMES) });

/** A user as a create or change answers it: the list row's fields without the second factor and sessions. */
export const userAnswerSchema = z.strictObject({
  user: userListItemSchema.omit({ emailShown: true, mfaEnabled: true, activeSessions: true }),
});

export const temporaryPasswordSchema = z.strictObject({ temporaryPassword: z.string().length(16) });

export const okSchema = z.strictObject({ ok: z.literal(true) });

/** The new authenticator secret, shown this once to be scanned (stored sealed, unconfirmed). */
export const mfaSetupSchema = z.strictObject({
  secret: z.string().min(16),
  uri: z.string().startsWith("otpauth://totp/"),
});

export const recoveryCodesSchema = z.strictObject({
  recoveryCodes: z.array(z.string().regex(/^[a-z2-9]{5}-[a-z2-9]{5}$/)).length(10),
});

export const scimTokenSchema = z.strictObject({ token: z.string().startsWith("scim_") });
