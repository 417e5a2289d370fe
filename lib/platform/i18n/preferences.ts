import "server-only";
import { db } from "@/lib/platform/db";
import { audit } from "@/lib/platform/audit/log";
import type { Actor } from "@/lib/platform/auth/actor";
import type { CurrentUser } from "@/lib/platform/auth/session";
import { config } from "@/lib/platform/config";
import { isTimeZone, type Locale, matchLocale } from "@/lib/platform/i18n/locales";
import type { PreferencesInput } from "@/lib/platform/i18n/preferences-schema";

export { preferencesSchema } from "@/lib/platform/i18n/preferences-schema";

/** Stores the person's choice and audits it (from → to). */
export async function updatePreferences(input: PreferencesInput, actor: Actor<CurrentUser>) {
  const { user } = actor;
  const before = await db.user.findUnique({ where: { id: user.id }, select: { locale: true, timeZone: true } });
  await db.user.update({ where: { id: user.id }, data: { locale: input.locale, timeZone: input.timeZone } });
  await audit({
    actor,
    action: "account.preferences.update",
    result: "ok",
    targetType: "user",
    targetId: user.id,
    detail: {
      locale: input.locale,
      timeZone: input.timeZone,
      from: { locale: before?.locale ?? null, timeZone: before?.timeZone ?? null },
    },
  });
  return input;
}

/** What the browser said at sign-in (the sign-in form posts navigator.languages and its zone). */
export type BrowserHints = { languages?: string | null; timeZone?: string | null };

/** The first sign-in's defaults. */
export async function defaultPreferencesFromBrowser(
  user: { id: string; locale: string | null; timeZone: string | null },
  hints: BrowserHints,
): Promise<{ locale: string | null; timeZone: string | null }> {
  const locale = user.locale ?? matchLocale(hints.languages ? hints.languages.split(",") : null);
  const timeZone = user.timeZone ?? (isTimeZone(hints.timeZone) ? hints.timeZone : null);
  if (locale === user.locale && timeZone === user.timeZone) return { locale, timeZone };
  const data: { locale?: string; timeZone?: string } = {};
  if (user.locale === null && locale) data.locale = locale;
  if (user.timeZone === null && timeZone) data.timeZone = timeZone;
  await db.$transaction([
    ...(data.locale
      ? [db.user.updateMany({ where: { id: user.id, locale: null }, data: { locale: data.locale } })]
      : []),
    ...(data.timeZone
      ? [db.user.updateMany({ where: { id: user.id, timeZone: null }, data: { timeZone: data.timeZone } })]
      : []),
  ]);
  return { locale, timeZone };
}

/** The language cookie (lib/platform/i18n/server.ts LOCALE_COOKIE) the sign-in page reads: a year, not readable by scripts. */
export function localeCookieOptions() {
  return {
    httpOnly: true,
    sameSite: "lax" as const,
    path: "/",
    maxAge: 365 * 24 * 60 * 60,
    secure: (config().auth.url ?? "").startsWith("https://"),
  };
}

/** The same cookie as a Set-Cookie header value (a route's JSON answer). */
export function localeSetCookie(name: string, locale: Locale): string {
  const o = localeCookieOptions();
  return `${name}=${encodeURIComponent(locale)}; Path=${o.path}; Max-Age=${o.maxAge}; HttpOnly; SameSite=Lax${o.secure ? "; Secure" : ""}`;
}
