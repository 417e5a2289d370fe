import { z } from "zod";
import { limitParam } from "@/lib/platform/api/keyset";
import { filterSchemaOf } from "@/lib/platform/api/list-schema";
import { vaultSearchParams } from "./search-params";
import { cardSchema, addressSchema } from "@/lib/charges/shared";
import { merchantReferenceSchema } from "@/lib/upi/shared";
import { keyed } from "@/lib/platform/keyed";

const text = (max: number) => z.string().trim().max(max);
/** Add a card to the vault. The pan and cvv pass through to the payment service and nowhere else. */
export const vaultAddSchema = z.strictObject({
  reference: merchantReferenceSchema,
  card: z.strictObject({
    pan: cardSchema.shape.pan,
    expiry: cardSchema.shape.expiry,
    cvv: cardSchema.shape.cvv,
    firstName: text(64).min(1, keyed("validation.vault.firstName")),
    lastName: text(64).min(1, keyed("validation.vault.lastName")),
  }),
  billingAddress: addressSchema("payment.billing_address").optional(),
  consumer: z
    .strictObject({
      reference: text(64).optional(),
      email: z.email(keyed("validation.vault.email")).optional(),
      phone: text(32).optional(),
      firstName: text(64).optional(),
      lastName: text(64).optional(),
      shippingAddress: addressSchema("consumer.shipping_address").optional(),
    })
    .optional(),
});
export type VaultAddInput = z.infer<typeof vaultAddSchema>;

export const vaultTokenParamSchema = z.object({
  token: z
    .string()
    .trim()
    .min(1)
    .max(128)
    .regex(/^[\w.:-]+$/, keyed("validation.vault.token")),
});

/** GET /api/vault: the vault list's URL state (./search-params.ts), plus the page size. */
export const vaultFilterSchema = filterSchemaOf(vaultSearchParams).extend({ limit: limitParam });
export type VaultFilter = z.infer<typeof vaultFilterSchema>;
