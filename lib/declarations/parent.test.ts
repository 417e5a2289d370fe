import { describe, expect, it } from "vitest";
import { parentOf } from "./parent";
import { paid, setUpCustoms } from "@/test/declarations-harness";

setUpCustoms();

// Issue 21: a missing CNY amount comes with its reason as data (cnyReason), so the page can say
// it in the reader's language; cnyNote keeps the English words.
describe("the payment being declared: why its CNY amount is missing", () => {
  it("gives no reason when the amount is known", async () => {
    const c = await paid({ amount: 30_000, currency: "CNY", method: "wechatpay" });
    const p = await parentOf({ transactionId: c.id });
    expect(p.parent.cnyFen).toBe(30_000);
    expect([p.cnyNote, p.cnyReason]).toEqual([null, null]);
  });

  it("names the reason: not in the ledger, or a method without a CNY amount", async () => {
    const missing = await parentOf({ reference: "no-such-order" });
    expect(missing.cnyReason).toEqual({ code: "not_in_ledger" });
    expect(missing.cnyNote).toBe("This payment is not in the ledger; import it first to check the amounts.");

    const card = await paid({ amount: 5000, currency: "USD", method: "card" });
    const p = await parentOf({ transactionId: card.id });
    expect(p.cnyReason).toEqual({ code: "no_cny", method: "card", currency: "USD" });
    expect(p.cnyNote).toBe("A card payment in USD has no CNY amount from the service.");
  });
});
