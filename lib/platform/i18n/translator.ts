import { createTranslator, type NamespaceKeys, type NestedKeyOf } from "use-intl/core";
import { CATALOGS, type Messages } from "@/lib/platform/i18n/catalog";
import { isLocale, isTimeZone, type Locale } from "@/lib/platform/i18n/locales";
import { getSettings } from "@/lib/platform/settings/service";

// Words in a person's language outside a request (mail, chat, jobs, exports): nothing here reads
// Next's request, so a process of the console's own (the server, a job) may load it.

export type Preferences = { locale: Locale; timeZone: string };

/** A person's preferences with the merchant's defaults filled in. */
export async function preferencesOfPerson(user: {
  locale: string | null;
  timeZone: string | null;
}): Promise<Preferences> {
  const settings = await getSettings();
  return {
    locale: isLocale(user.locale) ? user.locale : settings.defaultLocale,
    timeZone: isTimeZone(user.timeZone) ? user.timeZone : settings.defaultTimeZone,
  };
}

/** A translator for one namespace in a given language (route handlers, jobs, exports). */
export function translatorFor<NS extends NamespaceKeys<Messages, NestedKeyOf<Messages>>>(
  prefs: Preferences,
  namespace: NS,
) {
  return createTranslator({
    locale: prefs.locale,
    messages: CATALOGS[prefs.locale],
    namespace,
    timeZone: prefs.timeZone,
  });
}
