import type { VaultAddRequest } from "@/lib/upi";
import type { VaultAddInput } from "./schemas";

// The vault add body as the spec shapes it: pure, so what is sent is tested alone.

export function vaultAddBody(input: VaultAddInput, reference: string): VaultAddRequest {
  const c = input.consumer;
  return {
    reference,
    payment: {
      method: "card",
      data: {
        pan: input.card.pan,
        expiry: input.card.expiry,
        cvv: input.card.cvv,
        first_name: input.card.firstName,
        last_name: input.card.lastName,
      },
      ...(input.billingAddress ? { billing_address: input.billingAddress } : {}),
    },
    ...(c
      ? {
          consumer: {
            reference: c.reference,
            email: c.email,
            phone: c.phone,
            first_name: c.firstName,
            last_name: c.lastName,
            ...(c.shippingAddress ? { shipping_address: c.shippingAddress } : {}),
          },
        }
      : {}),
  };
}

/** The name the console keeps for the token's consumer: their own when given, else the card holder's. */
export function consumerNameOf(input: VaultAddInput): string {
  const own = [input.consumer?.firstName, input.consumer?.lastName].filter(Boolean).join(" ");
  return own || `${input.card.firstName} ${input.card.lastName}`.trim();
}

/** Where each section of the add-card form goes in the body, by the spec's names (the sections' hints). */
export const VAULT_ADD_PARTS = {
  billing: "payment.billing_address",
  consumer: "consumer",
  shipping: "consumer.shipping_address",
} as const;
