// Money is an integer in the currency's minor unit everywhere; these are the only
// conversions to and from what people read and type.

const DIGITS_OVERRIDE: Record<string, number> = { JPY: 0, KRW: 0 };

/** The currency's minor-unit digits (Intl knows most; JPY and KRW have none). */
export function currencyDigits(currency: string): number {
  if (currency in DIGITS_OVERRIDE) return DIGITS_OVERRIDE[currency]!;
  try {
    return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

export function isKnownCurrency(currency: string): boolean {
  if (!/^[A-Z]{3}$/.test(currency)) return false;
  return (Intl.supportedValuesOf?.("currency") ?? []).includes(currency);
}

export function formatMoney(minor: bigint | number | null | undefined, currency: string, locale = "en-US"): string {
  if (minor === null || minor === undefined) return "—";
  const digits = currencyDigits(currency);
  const value = typeof minor === "bigint" ? minor : BigInt(minor);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const scale = 10n ** BigInt(digits);
  // Format the integer part through Intl and keep the fraction exact (no float rounding).
  const whole = new Intl.NumberFormat(locale, {
    style: "currency",
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(Number(abs / scale));
  if (digits === 0) return negative ? `-${whole}` : whole;
  const fraction = (abs % scale).toString().padStart(digits, "0");
  const withFraction = whole.replace(/([.,])0+(?=\D*$)/, `$1${fraction}`);
  return negative ? `-${withFraction}` : withFraction;
}

/** Major units as plain text ("19.99") for CSV: exact, no grouping, the currency's digits. */
export function toMajorString(minor: bigint | number, currency: string): string {
  const digits = currencyDigits(currency);
  const value = typeof minor === "bigint" ? minor : BigInt(minor);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  if (digits === 0) return `${negative ? "-" : ""}${abs}`;
  const scale = 10n ** BigInt(digits);
  return `${negative ? "-" : ""}${abs / scale}.${(abs % scale).toString().padStart(digits, "0")}`;
}

export type ParsedAmount = { ok: true; minor: number } | { ok: false; error: string };

/** "19.99" USD → 1999, exactly, from the typed text (never through a float). */
export function parseMajorToMinor(text: string, currency: string): ParsedAmount {
  const digits = currencyDigits(currency);
  const t = text.trim().replace(/[\s,]/g, "");
  const m = /^(\d+)(?:\.(\d*))?$/.exec(t);
  if (!m) return { ok: false, error: "Enter an amount such as 19.99" };
  const fraction = m[2] ?? "";
  if (fraction.length > digits) {
    return {
      ok: false,
      error: digits === 0 ? `${currency} has no decimals` : `${currency} has at most ${digits} decimals`,
    };
  }
  const minor = BigInt(m[1]!) * 10n ** BigInt(digits) + BigInt((fraction + "0".repeat(digits)).slice(0, digits) || "0");
  if (minor <= 0n) return { ok: false, error: "The amount must be more than zero" };
  if (minor > BigInt(Number.MAX_SAFE_INTEGER)) return { ok: false, error: "The amount is too large" };
  return { ok: true, minor: Number(minor) };
}

/** A stored minor-unit amount (bigint, or numeric text from SQL) as a JSON number; amounts stay below 2^53. */
export function minorToNumber(value: bigint | string | null): number | null {
  return value === null ? null : Number(value);
}

/** The currencies the console offers in its forms (the payment service's settlement and rate table). */
export const CONSOLE_CURRENCIES = ["USD", "EUR", "GBP", "HKD", "SGD", "CNY", "JPY", "KRW"] as const;

// What a person types into a money field, read as minor units with a message for every way
// it can be wrong: never a throw, never NaN (a NaN reached formatMoney's BigInt and crashed
// the split-order form).

/**
 * "19.99" USD → 1999. Refuses a sign, an exponent, letters and more decimals than the
 * currency has, each with a sentence; `allowZero` for fees that may be nothing.
 */
export function parseMoneyText(text: string, currency: string, { allowZero = false } = {}): ParsedAmount {
  const t = String(text ?? "").trim();
  const digits = currencyDigits(currency);
  const example = digits === 0 ? "1500" : `19.${"99".padEnd(digits, "0").slice(0, digits)}`;
  if (!t) return { ok: false, error: "Enter an amount" };
  if (t.startsWith("-")) return { ok: false, error: "The amount cannot be negative" };
  if (/e/i.test(t)) return { ok: false, error: `Write the amount out in digits, such as ${example}` };
  if (!/^[\d\s,]*\.?\d*$/.test(t) || !/\d/.test(t))
    return { ok: false, error: `Enter an amount in ${currency} such as ${example}` };
  if (allowZero && /^[0\s,]*\.?0*$/.test(t)) return { ok: true, minor: 0 };
  const parsed = parseMajorToMinor(t, currency);
  if (!parsed.ok && /^Enter/.test(parsed.error)) return { ok: false, error: `Enter an amount such as ${example}` };
  return parsed;
}
