import { createTranslator } from "use-intl/core";
import { CATALOGS } from "@/lib/platform/i18n/catalog";
import type { Locale } from "@/lib/platform/i18n/locales";
import { isPreset, NO_ACCESS, ROLE_LABELS } from "@/lib/platform/auth/permissions";
import { numberLocale } from "@/lib/platform/i18n/format";
import { formatMoney } from "@/lib/platform/money";
import { type AnyTranslator, translateMessage, type ValueFormat } from "@/lib/platform/keyed";

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

/** A preset role by its catalog name; a merchant's own role by its key (its name lives in the database). */
export function roleWords(t: AnyTranslator, key: string): string {
  if (isPreset(key)) return t(`common.${ROLE_LABELS[key]}`);
  return key === NO_ACCESS ? t("common.roles.noAccess") : key;
}

/** Money and roles in a message's values, as a reader of `locale` reads them outside React. */
export const valueFormat = (t: AnyTranslator, locale: Locale): ValueFormat => ({
  money: (minor, currency) => formatMoney(minor, currency, numberLocale(locale)),
  role: (key) => roleWords(t, key),
});

/** A message as text in a language (English by default: logs, files read by people in any language). */
export function messageText(message: string, locale: Locale = "en"): string {
  const t = catalogTranslator(locale);
  return translateMessage(t, message, valueFormat(t, locale));
}
