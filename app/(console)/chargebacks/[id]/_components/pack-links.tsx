"use client";

import { useState } from "react";
import { LOCALE_NAMES, LOCALES, type Locale } from "@/lib/platform/i18n/locales";
import { useTranslations } from "@/lib/platform/i18n/client";
import { buttonClass } from "@/components/ui/button";
import { Field } from "@/components/form/field";
import { ZoneOptions } from "@/components/form/region-options";
import type { ZoneOption } from "@/components/ui/zone-options";

/**
 * The evidence pack's downloads, in the language and time zone chosen here: the reader's by
 * default, English and UTC when the bank wants them. The pack names its zone.
 */
export function PackLinks(p: { pdf: string; zip: string; locale: Locale; timeZone: string; zones: ZoneOption[] }) {
  const t = useTranslations("chargebacks.work");
  const [locale, setLocale] = useState(p.locale);
  const [timeZone, setTimeZone] = useState(p.timeZone);
  const query = `?${new URLSearchParams({ locale, timeZone })}`;
  return (
    <>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <Field name="pack-locale" label={t("packLanguage")}>
          {(control) => (
            <select {...control} value={locale} onChange={(e) => setLocale(e.target.value as Locale)}>
              {LOCALES.map((l) => (
                <option key={l} value={l} lang={l}>
                  {LOCALE_NAMES[l]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field name="pack-zone" label={t("packZone")}>
          {(control) => (
            <select {...control} value={timeZone} onChange={(e) => setTimeZone(e.target.value)}>
              <ZoneOptions zones={p.zones} />
            </select>
          )}
        </Field>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <a className={buttonClass("primary")} href={p.pdf + query} download data-testid="pack-pdf">
          {t("downloadPdf")}
        </a>
        <a className={buttonClass("secondary")} href={p.zip + query} download data-testid="pack-zip">
          {t("downloadZip")}
        </a>
      </div>
    </>
  );
}
