import { z } from "zod";
import { vaultAddSchema } from "@/lib/vault/schemas";
import type { AddCardValues } from "./add-card-values";

// The add-card form's schema: POST /api/vault's own (the card number by Luhn, a past expiry, the
// CVV, each with its own message), empty fields left out. Loaded at the first check (a dynamic
// import keeps zod off the page).

const text = (s: string) => (s.trim() ? s.trim() : undefined);
/** The group's fields without the empty ones; undefined when all are empty. */
const some = <T extends Record<string, string | undefined>>(group: T) =>
  Object.values(group).some(Boolean) ? group : undefined;

export const addCardSchema = () =>
  z.preprocess((input) => {
    const v = input as AddCardValues;
    return {
      reference: text(v.reference),
      card: {
        pan: v.card.pan,
        expiry: v.card.expiry.trim(),
        cvv: v.card.cvv.trim(),
        firstName: v.card.firstName,
        lastName: v.card.lastName,
      },
      billingAddress: some({
        street: text(v.billingAddress.street),
        city: text(v.billingAddress.city),
        state: text(v.billingAddress.state),
        country: text(v.billingAddress.country)?.toUpperCase(),
        zip: text(v.billingAddress.zip),
      }),
      consumer: some({
        reference: text(v.consumer.reference),
        email: text(v.consumer.email),
        phone: text(v.consumer.phone),
      }),
    };
  }, vaultAddSchema);
