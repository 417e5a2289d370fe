// The terminal's fields as typed, and how they become the body of POST /api/charges (zod-free:
// the page loads it; charge-schema.ts, loaded at the first check, holds the validator). The
// server's own schema checks it (card number by Luhn, a past expiry, the currency), with the
// amount read from its text in the chosen currency. Field names follow the API's paths, so a
// problem the server finds lands on the same field.

export type ChargeValues = {
  amount: string;
  currency: string;
  country: string;
  method: string;
  reference: string;
  card: { pan: string; expiry: string; cvv: string; firstName: string; lastName: string };
  vaultToken: string;
  requestToken: boolean;
  consumer: { reference: string; email: string; firstName: string; lastName: string };
  autoCapture: boolean;
};

export const chargeDefaults = (vaultToken?: string): ChargeValues => ({
  amount: "",
  currency: "USD",
  country: "",
  method: "card",
  reference: "",
  card: { pan: "", expiry: "", cvv: "", firstName: "", lastName: "" },
  vaultToken: vaultToken ?? "",
  requestToken: false,
  consumer: { reference: "", email: "", firstName: "", lastName: "" },
  autoCapture: false,
});

const text = (s: string | undefined) => (s?.trim() ? s.trim() : undefined);

/** The values as the API's body: empty fields left out, card details only for a card. */
export function toBody(v: ChargeValues) {
  const card = v.method === "card";
  const consumer = {
    reference: text(v.consumer.reference),
    email: text(v.consumer.email),
    firstName: text(v.consumer.firstName),
    lastName: text(v.consumer.lastName),
  };
  return {
    amount: v.amount,
    currency: v.currency,
    autoCapture: v.autoCapture,
    reference: text(v.reference),
    country: text(v.country)?.toUpperCase(),
    method: v.method || undefined,
    consumer: Object.values(consumer).some(Boolean) ? consumer : undefined,
    vaultToken: card ? text(v.vaultToken) : undefined,
    card:
      card && !text(v.vaultToken)
        ? {
            pan: v.card.pan,
            expiry: v.card.expiry.trim(),
            cvv: v.card.cvv.trim(),
            firstName: text(v.card.firstName),
            lastName: text(v.card.lastName),
          }
        : undefined,
    requestToken: card && v.requestToken ? true : undefined,
  };
}
