import { z } from "zod";
import { address, paymentSchema, reference } from "./shared";

// The vault: adding a card, and the stored tokens the service lists.

export const vaultAddRequestSchema = z.looseObject({
  reference,
  payment: z.looseObject({
    method: z.literal("card"),
    nonce: z.string().optional(),
    data: z.looseObject({
      pan: z.string(),
      first_name: z.string().optional(),
      last_name: z.string().optional(),
      expiry: z.string(),
      cvv: z.string(),
    }),
    billing_address: address.optional(),
  }),
  consumer: z
    .looseObject({
      reference: z.string().optional(),
      phone: z.string().optional(),
      email: z.string().optional(),
      first_name: z.string().optional(),
      last_name: z.string().optional(),
      shipping_address: address.optional(),
    })
    .optional(),
});
export type VaultAddRequest = z.infer<typeof vaultAddRequestSchema>;

export const vaultTokenSchema = z
  .looseObject({
    object: z.literal("vault").optional(),
    token: z.string().optional(),
    reference: z.string().nullable().optional(),
    status: z.enum(["active", "deleted"]),
    payment: paymentSchema,
    country: z.string().nullable().optional(),
    time_created: z.union([z.number(), z.string()]).nullable().optional(),
  })
  .transform((v) => ({ ...v, token: v.token ?? v.payment?.token ?? "" }))
  .refine((v) => v.token !== "", "a vault token without a token");
export type VaultToken = z.infer<typeof vaultTokenSchema>;
export const vaultListSchema = z
  .union([z.array(vaultTokenSchema), z.looseObject({ data: z.array(vaultTokenSchema) })])
  .transform((v) => (Array.isArray(v) ? v : v.data));
