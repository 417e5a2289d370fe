import { LOCALE_NAMES, LOCALES } from "@/lib/platform/i18n/locales";
import type { ZoneOption } from "@/components/ui/zone-options";

// The <option>s of a language and a time-zone select: a person's own (Account → Language and
// time zone) and the merchant's defaults (Settings) offer the very same lists.

/** Each console language in its own name and language ("English", "简体中文"). */
export function LanguageOptions() {
  return LOCALES.map((l) => (
    <option key={l} value={l} lang={l}>
      {LOCALE_NAMES[l]}
    </option>
  ));
}

/** The zones built on the server (components/ui/zone-options.ts), each with its name and offset now. */
export function ZoneOptions({ zones }: { zones: ZoneOption[] }) {
  return zones.map((z) => (
    <option key={z.value} value={z.value}>
      {z.label}
    </option>
  ));
}
