import { describe, expect, it } from "vitest";
import { chargeRequest } from "./request";
import { createChargeSchema } from "./schemas";

// installments (issue 32, item 2): an offer chosen from the consult reaches the provider in the
// spec's shape, and a count that is no whole number from 1 is refused at its spec field.

const charge = { amount: 12_000, currency: "USD", method: "card", vaultToken: "vt_1" };

describe("installments", () => {
  it("sends a plan as payment_number and quantity, promotions as promo[], and nothing when empty", () => {
    const plan = createChargeSchema.parse({ ...charge, installments: { paymentNumber: 6, quantity: 6 } });
    expect(chargeRequest(plan, "ref-1", undefined).installments).toEqual({ payment_number: 6, quantity: 6 });
    const promo = createChargeSchema.parse({ ...charge, installments: { promo: ["SANDBOX5"], id: "p-1" } });
    expect(chargeRequest(promo, "ref-2", undefined).installments).toEqual({ id: "p-1", promo: ["SANDBOX5"] });
    const none = createChargeSchema.parse({ ...charge, installments: { promo: [] } });
    expect(chargeRequest(none, "ref-3", undefined)).not.toHaveProperty("installments");
  });

  it.each([
    [{ paymentNumber: 0 }, "installments.paymentNumber: validation.charge.count", "installments.payment_number"],
    [{ quantity: 2.5 }, "installments.quantity: validation.charge.count", "installments.quantity"],
    [{ promo: [""] }, "installments.promo.0: validation.charge.required", "installments.promo[]"],
    [{ plan: 3 }, "installments: Unrecognized key", ""],
  ])("refuses %j at its field", (installments, expected, specName) => {
    const r = createChargeSchema.safeParse({ ...charge, installments });
    const issues = r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    expect(
      issues.some((i) => i.startsWith(expected)),
      JSON.stringify(issues),
    ).toBe(true);
    if (specName) expect(JSON.stringify(r.success ? null : r.error.issues)).toContain(specName);
  });
});
