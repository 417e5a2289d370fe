import "server-only";
import type { Metadata } from "next";
import { cookies, headers } from "next/headers";
import { cache } from "react";
import type { NamespaceKeys, NestedKeyOf } from "use-intl/core";
import { type Preferences, preferencesOfPerson, translatorFor } from "@/lib/platform/i18n/translator";
import { getCurrentUser, type CurrentUser } from "@/lib/platform/auth/session";
import { CATALOGS, type Messages } from "@/lib/platform/i18n/catalog";
import { makeFormat } from "@/lib/platform/i18n/format";
import { isLocale, type Locale, matchLocale } from "@/lib/platform/i18n/locales";
import type { Namespace } from "@/lib/platform/i18n/namespaces";
import { getSettings } from "@/lib/platform/settings/service";

export const LOCALE_COOKIE = "console-locale";

/** A signed-in person's preferences with the merchant's defaults filled in; else the request's language. */
export async function preferencesOf(user: Pick<CurrentUser, "locale" | "timeZone"> | null): Promise<Preferences> {
  if (user) return preferencesOfPerson(user);
  const settings = await getSettings();
  const jar = await cookies();
  const cookie = jar.get(LOCALE_COOKIE)?.value;
  const locale = isLocale(cookie)
    ? cookie
    : (matchLocale((await headers()).get("accept-language")) ?? settings.defaultLocale);
  return { locale, timeZone: settings.defaultTimeZone };
}

/** This request's language and zone (one read per request: React's cache). */
export const getPreferences = cache(async (): Promise<Preferences> => preferencesOf(await getCurrentUser()));

/** The parts of a language's catalog the browser is given (lib/platform/i18n/namespaces.ts). */
export function messagesOf(locale: Locale, namespaces: readonly Namespace[]): Partial<Messages> {
  return Object.fromEntries(namespaces.map((ns) => [ns, CATALOGS[locale][ns]]));
}

/** The request's translator for a namespace (server components). */
export async function getTranslations<NS extends NamespaceKeys<Messages, NestedKeyOf<Messages>>>(namespace: NS) {
  return translatorFor(await getPreferences(), namespace);
}

/** The request's formatter: times in the person's zone, named; numbers and money in their language. */
export async function getFormat() {
  return makeFormat(await getPreferences());
}

/** A page's `generateMetadata`: its title, one key of a namespace (`export const generateMetadata = titled(…)`). */
export function titled<NS extends NamespaceKeys<Messages, NestedKeyOf<Messages>>>(
  namespace: NS,
  key: Parameters<ReturnType<typeof translatorFor<NS>>>[0],
): () => Promise<Metadata> {
  return async () => {
    const t = (await getTranslations(namespace)) as unknown as (key: string) => string;
    return { title: t(key as string) };
  };
}
