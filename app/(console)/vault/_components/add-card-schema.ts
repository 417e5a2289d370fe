import { z } from "zod";
import { vaultAddSchema } from "@/lib/vault/schemas";
import type { AddCardValues, AddressValues } from "./add-card-values";

// The add-card form's schema: POST /api/vault's own (the card number by Luhn, a past expiry, the
// CVV, each with its own message), empty fields left out. Loaded at the first check (a dynamic
// import keeps zod off the page).

const text = (s: string) => (s.trim() ? s.trim() : undefined);
/** The group's fields without the empty ones; undefined when all are empty. */
const some = <T extends Record<string, unknown>>(group: T) =>
  Object.values(group).some((v) => v !== undefined) ? group : undefined;
const address = (a: AddressValues) =>
  some({
    street: text(a.street),
    street2: text(a.street2),
    city: text(a.city),
    state: text(a.state),
    country: text(a.country)?.toUpperCase(),
    zip: text(a.zip),
  });

/** The form's values as POST /api/vault takes them. */
export function addCardBody(v: AddCardValues) {
  return {
    reference: text(v.reference),
    card: {
      pan: v.card.pan,
      expiry: v.card.expiry.trim(),
      cvv: v.card.cvv.trim(),
      firstName: v.card.firstName,
      lastName: v.card.lastName,
    },
    billingAddress: address(v.billingAddress),
    consumer: some({
      reference: text(v.consumer.reference),
      email: text(v.consumer.email),
      phone: text(v.consumer.phone),
      firstName: text(v.consumer.firstName),
      lastName: text(v.consumer.lastName),
      shippingAddress: address(v.consumer.shippingAddress),
    }),
  };
}

export const addCardSchema = () => z.preprocess((input) => addCardBody(input as AddCardValues), vaultAddSchema);
