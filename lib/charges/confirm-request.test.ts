import { describe, expect, it } from "vitest";
import { confirmSchema } from "@/app/(console)/transactions/[id]/_components/confirm-schema";
import { chargeDefaults, type ChargeValues } from "@/app/(console)/terminal/_components/charge-values";
import { chargeRequest } from "./request";
import type { CreateChargeInput } from "./schemas";

// Confirm takes the charge's fields the spec's confirm accepts ("same shape as create charge"),
// from the terminal's own fields: before, only amount, method and pan/expiry/cvv reached the
// body, and the card holder's names, a vault token and the consumer could not be given.

const confirmBody = (patch: Partial<ChargeValues>) => {
  const values: ChargeValues = { ...chargeDefaults(), amount: "55.25", currency: "USD", method: "card", ...patch };
  const parsed = confirmSchema("ref-9", "USD")().safeParse(values);
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  return chargeRequest(parsed.data as CreateChargeInput, "ref-9", undefined);
};

describe("confirm charge's body", () => {
  it("sends the card holder's names, the consumer, a billing address and installments", () => {
    const body = confirmBody({
      card: { pan: "4111 1111 1111 1111", expiry: "12/30", cvv: "123", firstName: "Vera", lastName: "Lind" },
      consumer: { ...chargeDefaults().consumer, firstName: "Ola", email: "ola@example.com", reference: "cust-7" },
      billingAddress: { street: "Main 1", street2: "", city: "Oslo", state: "", zip: "0150", country: "no" },
      installments: { id: "", paymentNumber: "3", quantity: "3", promo: "" },
    });
    expect(body).toEqual({
      transaction: { reference: "ref-9", amount: 5525, currency: "USD", auto_capture: false },
      payment: {
        method: "card",
        data: { pan: "4111111111111111", expiry: "12/30", cvv: "123", first_name: "Vera", last_name: "Lind" },
        billing_address: { street: "Main 1", city: "Oslo", zip: "0150", country: "NO" },
      },
      consumer: { reference: "cust-7", first_name: "Ola", email: "ola@example.com" },
      installments: { payment_number: 3, quantity: 3 },
    });
  });

  it("pays with a vault token instead of a card, and keeps the original reference", () => {
    const body = confirmBody({ vaultToken: "vt_abc", reference: "another" });
    expect(body.payment).toEqual({ method: "card", token: "vt_abc" });
    expect(body.transaction.reference).toBe("ref-9");
  });

  it("asks a klarna confirm for its goods lines, as the terminal does", () => {
    expect(() => confirmBody({ method: "klarna" })).toThrow("validation.charge.goodsRequired");
  });
});
