import { keyed, type MessageValues } from "@/lib/platform/keyed";

const DIGITS_OVERRIDE: Record<string, number> = { JPY: 0, KRW: 0 };

const digitsOf = new Map<string, number>();

/** The currency's minor-unit digits (Intl knows most; JPY and KRW have none). */
export function currencyDigits(currency: string): number {
  if (currency in DIGITS_OVERRIDE) return DIGITS_OVERRIDE[currency]!;
  let digits = digitsOf.get(currency);
  if (digits === undefined) {
    try {
      digits =
        new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    if (digitsOf.size < 1000) digitsOf.set(currency, digits);
  }
  return digits;
}

export function isKnownCurrency(currency: string): boolean {
  if (!/^[A-Z]{3}$/.test(currency)) return false;
  return (Intl.supportedValuesOf?.("currency") ?? []).includes(currency);
}

const currencyFormats: Record<string, Intl.NumberFormat> = {};

export function formatMoney(minor: bigint | number | null | undefined, currency: string, locale = "en-US"): string {
  if (minor === null || minor === undefined) return "—";
  const digits = currencyDigits(currency);
  const value = typeof minor === "bigint" ? minor : BigInt(minor);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const scale = 10n ** BigInt(digits);
  const key = `${locale} ${currency}`;
  currencyFormats[key] ??= new Intl.NumberFormat(locale, {
    style: "currency",
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  const whole = currencyFormats[key]!.format(Number(abs / scale));
  if (digits === 0) return negative ? `-${whole}` : whole;
  const fraction = (abs % scale).toString().padStart(digits, "0");
  const withFraction = whole.replace(/([.,])0+(?=\D*$)/, `$1${fraction}`);
  return negative ? `-${withFraction}` : withFraction;
}

/** Major units as plain text ("19.99") for CSV: exact, no grouping, the currency's digits. */
export function toMajorString(minor: bigint | number, currency: string): string {
  const digits = currencyDigits(currency);
  if (typeof minor === "number" && Number.isSafeInteger(minor)) {
    const sign = minor < 0 ? "-" : "";
    const abs = Math.abs(minor);
    if (digits === 0) return `${sign}${abs}`;
    const scale = 10 ** digits;
    const fraction = abs % scale;
    return `${sign}${(abs - fraction) / scale}.${String(fraction).padStart(digits, "0")}`;
  }
  const value = typeof minor === "bigint" ? minor : BigInt(minor);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  if (digits === 0) return `${negative ? "-" : ""}${abs}`;
  const scale = 10n ** BigInt(digits);
  return `${negative ? "-" : ""}${abs / scale}.${(abs % scale).toString().padStart(digits, "0")}`;
}

/** A refusal is a catalog key of the `validation` namespace with its values (lib/platform/keyed.ts). */
export type ParsedAmount = { ok: true; minor: number } | { ok: false; error: string };

const refuse = (key: string, values?: MessageValues): ParsedAmount => ({ ok: false, error: keyed(key, values) });
const exampleFor = (digits: number) => (digits === 0 ? "1500" : `19.${"99".padEnd(digits, "0").slice(0, digits)}`);

/** The digits either side of the decimal mark, either habit ("1,234.56", "1.234,56", "19,99"); null if unreadable. */
export function splitAmount(text: string): { whole: string; fraction: string } | null {
  const t = text.trim().replace(/[\s\u00a0\u202f]/g, "");
  if (!/^[\d.,]+$/.test(t) || !/\d/.test(t)) return null;
  const dots = t.split(".").length - 1;
  const commas = t.split(",").length - 1;
  let decimal: "." | "," | null = null;
  if (dots && commas) decimal = t.lastIndexOf(".") > t.lastIndexOf(",") ? "." : ",";
  else if (dots === 1) decimal = ".";
  else if (commas === 1) decimal = /,\d{3}$/.test(t) ? null : ",";
  const group = decimal === "." ? "," : decimal === "," ? "." : dots ? "." : ",";
  const at = decimal ? t.lastIndexOf(decimal) : -1;
  const whole = at < 0 ? t : t.slice(0, at);
  const fraction = at < 0 ? "" : t.slice(at + 1);
  if (/[.,]/.test(fraction)) return null;
  if (decimal && t.split(decimal).length - 1 > 1) return null;
  const groups = whole.split(group);
  if (groups.length > 1 && !(/^\d{1,3}$/.test(groups[0]!) && groups.slice(1).every((g) => /^\d{3}$/.test(g))))
    return null;
  if (!/^\d+$/.test(groups.join("")))
    return fraction === "" || !/^\d+$/.test(fraction) ? null : { whole: "0", fraction };
  return { whole: groups.join(""), fraction };
}

/** "19.99" (or "19,99") USD → 1999, exactly, from the typed text (never through a float). */
export function parseMajorToMinor(text: string, currency: string): ParsedAmount {
  const digits = currencyDigits(currency);
  const parts = splitAmount(text);
  if (!parts || !/^\d*$/.test(parts.fraction))
    return refuse("validation.amountExample", { example: exampleFor(digits) });
  if (parts.fraction.length > digits)
    return digits === 0
      ? refuse("validation.noDecimals", { currency })
      : refuse("validation.maxDecimals", { currency, digits });
  const minor =
    BigInt(parts.whole) * 10n ** BigInt(digits) + BigInt((parts.fraction + "0".repeat(digits)).slice(0, digits) || "0");
  if (minor <= 0n) return refuse("validation.amountPositive");
  if (minor > BigInt(Number.MAX_SAFE_INTEGER)) return refuse("validation.amountTooLarge");
  return { ok: true, minor: Number(minor) };
}

/** A stored minor-unit amount (bigint, or numeric text from SQL) as a JSON number; amounts stay below 2^53. */
export function minorToNumber(value: bigint | string | null): number | null {
  return value === null ? null : Number(value);
}

/** The currencies the console offers in its forms (the payment service's settlement and rate table). */
export const CONSOLE_CURRENCIES = ["USD", "EUR", "GBP", "HKD", "SGD", "CNY", "JPY", "KRW"] as const;

/** "19.99" USD → 1999; refuses a sign, an exponent, letters and too many decimals, each with its message key. */
export function parseMoneyText(text: string, currency: string, { allowZero = false } = {}): ParsedAmount {
  const t = String(text ?? "").trim();
  const example = exampleFor(currencyDigits(currency));
  if (!t) return refuse("validation.amountRequired");
  if (t.startsWith("-")) return refuse("validation.amountNegative");
  if (/e/i.test(t)) return refuse("validation.amountDigitsOnly", { example });
  if (!splitAmount(t)) return refuse("validation.amountInCurrency", { currency, example });
  if (allowZero && /^[0\s,.]*$/.test(t)) return { ok: true, minor: 0 };
  return parseMajorToMinor(t, currency);
}
