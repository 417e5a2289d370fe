import { z } from "zod";
import { parseMoneyText } from "@/lib/platform/money";

export { parseMoneyText };

/** An amount in the currency's minor units, as every money form and API body takes it. */
export const minorAmountSchema = z
  .number({ error: "amount must be a number in minor units" })
  .int("amount must be a whole number of minor units")
  .positive("amount must be more than zero")
  .max(Number.MAX_SAFE_INTEGER);

/** A money field of a form on the server's own schema: one set of rules, messages for people. */
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
