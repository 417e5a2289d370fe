import { z } from "zod";
import { currencyDigits, parseMajorToMinor, type ParsedAmount } from "@/lib/money";

/** An amount in the currency's minor units, as every money form and API body takes it. */
export const minorAmountSchema = z
  .number({ error: "amount must be a number in minor units" })
  .int("amount must be a whole number of minor units")
  .positive("amount must be more than zero")
  .max(Number.MAX_SAFE_INTEGER);

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

/**
 * A money field of a form on the server's own schema: the typed text, read as above, then
 * checked by the server's field schema (minor units) — one set of rules, messages for people.
 */
export function moneyText(currency: string, server: z.ZodType<number, number>, options: { allowZero?: boolean } = {}) {
  return z
    .string()
    .transform((text, ctx) => {
      const parsed = parseMoneyText(text, currency, options);
      if (parsed.ok) return parsed.minor;
      ctx.addIssue({ code: "custom", message: parsed.error });
      return z.NEVER;
    })
    .pipe(server);
}

/** The same, for a field that may stay empty (undefined when it does). */
export function optionalMoneyText(
  currency: string,
  server: z.ZodType<number, number>,
  options: { allowZero?: boolean } = {},
) {
  return z
    .string()
    .optional()
    .transform((text) => (text?.trim() ? text : undefined))
    .pipe(moneyText(currency, server, options).optional());
}
