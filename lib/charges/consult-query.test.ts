import { describe, expect, it } from "vitest";
import { consultQuery } from "./consult-query";

// The consult is asked with the charge as typed: country, client and device too (the review
// found it never sent them), and not at all for a method the consult does not answer.

const typed = { amount: 12_000, currency: "USD", method: "card", country: "", clients: [], device: "" };

describe("consultQuery", () => {
  it("sends amount, currency and method, and country, client and device when the form has them", () => {
    expect(consultQuery(typed)).toBe("method=card&amount=12000&currency=USD");
    expect(
      consultQuery({ ...typed, method: "alipay", country: "sg", clients: ["mobile_browser"], device: "ios" }),
    ).toBe("method=alipay%2B&amount=12000&currency=USD&country=SG&client=mobile_browser&device=ios");
  });

  it("asks nothing for another method or an amount not yet typed", () => {
    expect(consultQuery({ ...typed, method: "klarna" })).toBeNull();
    expect(consultQuery({ ...typed, amount: null })).toBeNull();
    expect(consultQuery({ ...typed, currency: "us" })).toBeNull();
  });

  it("never sends a client with a card: the charge has no payment.client, though the form may keep one chosen under alipay", () => {
    expect(consultQuery({ ...typed, clients: ["mobile_browser"] })).toBe("method=card&amount=12000&currency=USD");
  });

  it("leaves out a country half typed and a client not chosen alone", () => {
    expect(consultQuery({ ...typed, country: "U", clients: ["desktop", "mobile_browser"] })).toBe(
      "method=card&amount=12000&currency=USD",
    );
  });
});
