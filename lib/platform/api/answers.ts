import { z } from "zod";

export const instant = z.iso.datetime();

export const minorUnits = z.number().int();

export const keysetPage = <K extends string, T extends z.ZodType>(key: K, row: T) =>
  z.strictObject({ [key]: z.array(row), nextCursor: z.string().nullable(), older: z.boolean() } as {
    [k in K]: z.ZodArray<T>;
  } & { nextCursor: z.ZodNullable<z.ZodString>; older: z.ZodBoolean });

const amounts = z.array(z.strictObject({ currency: z.string(), amount: minorUnits }));
const count = z.number().int().min(0);

export const listSummarySchema = z.strictObject({
  count,
  more: z.boolean(),
  totals: amounts.nullable().optional(),
  basis: z.enum(["net", "refunded", "declared"]).optional(),
  authorized: amounts.optional(),
  cap: count.optional(),
  estimate: z.boolean().optional(),
  older: z.boolean().optional(),
});
