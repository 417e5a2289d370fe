import { z } from "zod";

export const instant = z.iso.datetime();

export const minorUnits = z.number().int();

export const keysetPage = <K extends string, T extends z.ZodType>(key: K, row: T) =>
  z.strictObject({ [key]: z.array(row), nextCursor: z.string().nullable(), older: z.boolean() } as {
    [k in K]: z.ZodArray<T>;
  } & { nextCursor: z.ZodNullable<z.ZodString>; older: z.ZodBoolean });
