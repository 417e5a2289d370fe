import { formatMoney } from "@/lib/platform/money";
import type { Locale } from "@/lib/platform/i18n/locales";

const ZONE_NAMES: Record<string, string> = {
  UTC: "UTC",
  "Etc/UTC": "UTC",
  "Asia/Shanghai": "CST",
  "Asia/Chongqing": "CST",
  "Asia/Urumqi": "XJT",
  "Asia/Macau": "CST",
  "Asia/Hong_Kong": "HKT",
  "Asia/Taipei": "CST",
  "Asia/Seoul": "KST",
  "Asia/Tokyo": "JST",
  "Asia/Singapore": "SGT",
  "Asia/Kolkata": "IST",
  "Australia/Sydney": "AET",
};

const zoneFormatters = new Map<string, Intl.DateTimeFormat>();
function zonePart(locale: string, timeZone: string, style: "short" | "shortOffset", at: Date): string | undefined {
  const key = `${locale} ${timeZone} ${style}`;
  let formatter = zoneFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: style });
    zoneFormatters.set(key, formatter);
  }
  return formatter.formatToParts(at).find((p) => p.type === "timeZoneName")?.value;
}

/** "GMT+8" / "GMT-7" / "GMT": a zone's offset at an instant. */
export function offsetOf(timeZone: string, at: Date = new Date()): string {
  return zonePart("en-GB", timeZone, "shortOffset", at) ?? "";
}

/** The zone's short name at an instant (PST/PDT, CET/CEST, CST for Shanghai, else GMT+8). */
export function zoneName(timeZone: string, at: Date = new Date()): string {
  if (ZONE_NAMES[timeZone]) return ZONE_NAMES[timeZone];
  for (const locale of ["en-US", "en-GB"]) {
    const name = zonePart(locale, timeZone, "short", at);
    if (name && !/^(GMT|UTC)[+-]/.test(name)) return name;
  }
  return offsetOf(timeZone, at) || timeZone;
}

type When = Date | string | number | null | undefined;
const EMPTY = "—";

function toDate(value: When): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** Intl's tag for a console language's dates: British day-month order for English, as before. */
export function intlLocale(locale: Locale): string {
  return locale === "en" ? "en-GB" : locale;
}

/** …and for its numbers and money: "$1,234.56" (en-US) as before, "US$1,234.56" in Chinese. */
export function numberLocale(locale: Locale): string {
  return locale === "en" ? "en-US" : locale;
}

export type Format = ReturnType<typeof buildFormat>;

const formats = new Map<string, Format>();

/** The formatter of a language and zone, built once per process (pages ask for it on every render). */
export function makeFormat({ locale, timeZone }: { locale: Locale; timeZone: string }): Format {
  const key = `${locale} ${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    format = buildFormat(locale, timeZone);
    formats.set(key, format);
  }
  return format;
}

function buildFormat(locale: Locale, timeZone: string) {
  const tag = intlLocale(locale);
  const dateTime = new Intl.DateTimeFormat(tag, { dateStyle: "medium", timeStyle: "short", timeZone });
  const dateTimeSeconds = new Intl.DateTimeFormat(tag, { dateStyle: "medium", timeStyle: "medium", timeZone });
  const date = new Intl.DateTimeFormat(tag, { dateStyle: "medium", timeZone });
  const time = new Intl.DateTimeFormat(tag, { timeStyle: "short", timeZone });
  const dayMonth = new Intl.DateTimeFormat(tag, { day: "numeric", month: "short", timeZone });
  const calendarDay = new Intl.DateTimeFormat(tag, { dateStyle: "medium", timeZone: "UTC" });
  const calendarMonth = new Intl.DateTimeFormat(tag, { year: "numeric", month: "short", timeZone: "UTC" });
  const numbers = numberLocale(locale);
  const number = new Intl.NumberFormat(numbers);
  const fine = new Intl.NumberFormat(numbers, { style: "percent", minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const coarse = new Intl.NumberFormat(numbers, {
    style: "percent",
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  const named = (d: Date, text: string) => `${text} ${zoneName(timeZone, d)}`;
  return {
    locale,
    timeZone,
    /** What goes between two sentences: a space in English, nothing after Chinese "。". */
    sentenceGap: locale.startsWith("zh") ? "" : " ",
    dateTime(value: When): string {
      const d = toDate(value);
      return d ? named(d, dateTime.format(d)) : EMPTY;
    },
    dateTimeSeconds(value: When): string {
      const d = toDate(value);
      return d ? named(d, dateTimeSeconds.format(d)) : EMPTY;
    },
    date(value: When): string {
      const d = toDate(value);
      return d ? date.format(d) : EMPTY;
    },
    time(value: When): string {
      const d = toDate(value);
      return d ? named(d, time.format(d)) : EMPTY;
    },
    dayMonth(value: When): string {
      const d = toDate(value);
      return d ? dayMonth.format(d) : EMPTY;
    },
    day(isoDay: string): string {
      const d = toDate(`${isoDay}T12:00:00Z`);
      return d ? calendarDay.format(d) : isoDay;
    },
    month(isoMonth: string): string {
      const d = /^\d{4}-\d{2}$/.test(isoMonth) ? toDate(`${isoMonth}-15T12:00:00Z`) : null;
      return d ? calendarMonth.format(d) : isoMonth;
    },
    number(value: number | bigint | null | undefined): string {
      return value === null || value === undefined ? EMPTY : number.format(value);
    },
    percent(ratio: number | null | undefined): string {
      if (ratio === null || ratio === undefined) return EMPTY;
      return (Math.abs(ratio) < 0.1 ? fine : coarse).format(ratio);
    },
    money(minor: bigint | number | null | undefined, currency: string): string {
      return formatMoney(minor, currency, numbers);
    },
  };
}
