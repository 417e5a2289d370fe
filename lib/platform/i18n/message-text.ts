import { createTranslator } from "use-intl/core";
import { CATALOGS } from "@/lib/platform/i18n/catalog";
import type { Locale } from "@/lib/platform/i18n/locales";
import { type AnyTranslator, translateMessage } from "@/lib/platform/keyed";

const translators = new Map<Locale, AnyTranslator>();

/** The whole-catalog translator of a language, outside React (API errors, CSV checks, jobs). */
export function catalogTranslator(locale: Locale): AnyTranslator {
  let t = translators.get(locale);
  if (!t) {
    t = createTranslator({ locale, messages: CATALOGS[locale], timeZone: "UTC" }) as unknown as AnyTranslator;
    translators.set(locale, t);
  }
  return t;
}

/** A message as text in a language (English by default: logs, files read by people in any language). */
export function messageText(message: string, locale: Locale = "en"): string {
  return translateMessage(catalogTranslator(locale), message);
}
