import { z } from "zod";

// The building blocks the request and response schemas of the payment API share.

export const minor = z.number().int().positive();
export const reference = z.string().min(1).max(128);
export const address = z.looseObject({
  street: z.string().optional(),
  street2: z.string().optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  zip: z.string().optional(),
  country: z.string().optional(),
});

export const nullableInt = z
  .number()
  .int()
  .nullable()
  .optional()
  .transform((v) => v ?? null);
export const exchangeSchema = z
  .looseObject({
    amount: z.number().nullable().optional(),
    currency: z.string().nullable().optional(),
    rate: z.number().nullable().optional(),
  })
  .nullable()
  .optional()
  .transform((v) => v ?? null);
export const paymentSchema = z
  .looseObject({
    method: z.string().nullable().optional(),
    type: z.string().nullable().optional(),
    token: z.string().nullable().optional(),
    data: z
      .looseObject({ pan: z.string().nullable().optional(), expiry: z.string().nullable().optional() })
      .nullable()
      .optional(),
    client: z
      .array(
        z.looseObject({ client: z.string(), format: z.string(), method: z.string().optional(), content: z.string() }),
      )
      .optional(),
  })
  .optional();
export const listOf = <T extends z.ZodType>(item: T) =>
  z
    .union([z.array(item), z.looseObject({ data: z.array(item).nullable().optional() })])
    .optional()
    .transform((v) => (Array.isArray(v) ? v : (v?.data ?? [])));
