import "server-only";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/platform/db";
import { audit } from "@/lib/platform/audit/log";
import type { Actor } from "@/lib/platform/auth/actor";
import { openSession } from "@/lib/sign-in/open-session";
import { sessionPolicy } from "@/lib/platform/auth/session-policy";
import { cookies } from "next/headers";
import { z } from "zod";
import { LOCALE_COOKIE } from "@/lib/platform/i18n/server";
import { isLocale } from "@/lib/platform/i18n/locales";
import { defaultPreferencesFromBrowser, localeCookieOptions } from "@/lib/platform/i18n/preferences";
import { getSettings } from "@/lib/platform/settings/service";
import { requestIp } from "@/lib/platform/http/client-ip";

// What the password and the company sign-in share.

/** What the browser says of its person (navigator.languages, joined; its IANA zone): the first sign-in's defaults. */
export const browserHintsSchema = {
  languages: z.string().max(512).optional().catch(undefined),
  timeZone: z.string().max(64).optional().catch(undefined),
};

/** The sign-in page speaks the language of the last sign-in on this browser; outside a request (tests) there is no jar. */
export async function rememberLocale(locale: string | null) {
  const value = isLocale(locale) ? locale : (await getSettings()).defaultLocale;
  try {
    (await cookies()).set(LOCALE_COOKIE, value, localeCookieOptions());
  } catch {
    // Not in a request (a unit test calling authorize): nothing to set.
  }
}

function headerOf(headers: unknown, name: string): string | null {
  if (!headers) return null;
  if (headers instanceof Headers) return headers.get(name);
  const value = (headers as Record<string, string | string[] | undefined>)[name];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}

/** The sign-in forms post to next-auth, not through route(): the same address the server marked. */
export function signInRequest(req: { headers?: unknown } | undefined) {
  const headers = { get: (name: string) => headerOf(req?.headers, name) };
  return { headers, from: { ip: requestIp(headers), userAgent: headers.get("user-agent") } };
}

/** A cookie's value from a request's Cookie header. */
export function cookieOf(headers: { get(name: string): string | null }, name: string): string | null {
  for (const part of (headers.get("cookie") ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return null;
}

type SignedIn = { id: string; email: string; name: string; locale: string | null; timeZone: string | null };

/** A new server-side session at every sign-in; its id is the only thing the cookie names. */
export async function openSignedInSession(
  user: SignedIn,
  actor: Actor,
  hints: { languages?: string; timeZone?: string },
  reason?: string,
) {
  await db.user.update({ where: { id: user.id }, data: { lastSignInAt: new Date() } });
  const prefs = await defaultPreferencesFromBrowser(user, hints);
  await rememberLocale(prefs.locale);
  const sid = randomUUID();
  await openSession(sid, user.id, { ip: actor.ip, userAgent: actor.userAgent }, sessionPolicy().maxMinutes * 60);
  await audit({ actor, action: "auth.sign_in", result: "ok", reason });
  return { id: user.id, email: user.email, name: user.name, sid };
}
