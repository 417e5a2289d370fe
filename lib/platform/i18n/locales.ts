// The console's languages and the checks on a person's language and time zone. Client-safe.

export const LOCALES = ["en", "zh-CN"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";
export const DEFAULT_TIME_ZONE = "UTC";

/** Each language named in itself, for the language pickers. */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", "zh-CN": "简体中文" };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The console language closest to a browser's language tag or an Accept-Language header. */
export function matchLocale(tags: string | readonly string[] | null | undefined): Locale | null {
  const list = typeof tags === "string" ? acceptLanguage(tags) : (tags ?? []);
  for (const tag of list) {
    const lower = tag.trim().toLowerCase();
    if (lower.startsWith("zh")) return "zh-CN";
    if (lower.startsWith("en")) return "en";
  }
  return null;
}

function acceptLanguage(header: string): string[] {
  return header
    .split(",")
    .map((part, i) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), i };
    })
    .filter((t) => t.tag && t.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((t) => t.tag);
}

/** An IANA time zone this runtime knows ("Asia/Shanghai", "UTC"); never a bare offset or abbreviation. */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== "string" || !/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)*$/.test(value) || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The time zones a person can choose: the runtime's IANA list, UTC first. */
export function timeZones(): string[] {
  const all = Intl.supportedValuesOf?.("timeZone") ?? [];
  return ["UTC", ...all.filter((z) => z !== "UTC")];
}
