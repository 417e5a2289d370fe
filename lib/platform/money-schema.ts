import { z } from "zod";
import { parseMoneyText } from "@/lib/platform/money";
import { keyed } from "@/lib/platform/keyed";

export { parseMoneyText };

/** An amount in the currency's minor units, as every money form and API body takes it. */
export const minorAmountSchema = z
  .number({ error: keyed("validation.minor.type") })
  .int(keyed("validation.minor.whole"))
  .positive(keyed("validation.minor.positive"))
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
