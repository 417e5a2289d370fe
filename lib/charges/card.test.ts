import { describe, expect, it } from "vitest";
import { UPI_ERRORS, UpiError } from "@/lib/upi/errors";
import { luhnValid } from "@/lib/platform/card-number";
import { messageText } from "@/lib/platform/i18n/message-text";
import { cardExpired } from "./schemas";
import { createChargeSchema } from "./schemas";

// An expired card and a number failing its checksum are told apart from a decline: each has
// its own message, before anything is sent (the schema the form and route() share) and when
// the payment service itself refuses the card.

const charge = (card: Record<string, string>) =>
  createChargeSchema.safeParse({ amount: 100, currency: "USD", method: "card", card });
/** Each problem at its field, as a reader in `locale` is told it. */
const messages = (card: Record<string, string>, locale: "en" | "zh-CN" = "en") => {
  const parsed = charge(card);
  return parsed.success ? [] : parsed.error.issues.map((i) => [i.path.join("."), messageText(i.message, locale)]);
};

describe("card checks before sending", () => {
  it("knows the Luhn checksum and a past expiry month", () => {
    expect(luhnValid("4111111111111111")).toBe(true);
    expect(luhnValid("4111111111111112")).toBe(false);
    const now = new Date("2026-11-15T00:00:00Z");
    expect(cardExpired("10/26", now)).toBe(true);
    expect(cardExpired("11/26", now)).toBe(false);
    expect(cardExpired("01/27", now)).toBe(false);
  });

  it("gives a checksum failure and a past expiry each its own message at its field", () => {
    expect(messages({ pan: "4111 1111 1111 1112", expiry: "01/20", cvv: "123" })).toEqual([
      ["card.pan", "This card number is not valid — check the digits"],
      ["card.expiry", "This card has expired"],
    ]);
    // Issue 33: these were English for a zh-CN person too.
    expect(messages({ pan: "4111 1111 1111 1112", expiry: "01/20", cvv: "12" }, "zh-CN")).toEqual([
      ["card.pan", "卡号无效，请核对数字"],
      ["card.expiry", "此卡已过期"],
      ["card.cvv", "CVV 为 3 或 4 位数字"],
    ]);
    expect(charge({ pan: "4111 1111 1111 1111", expiry: "12/99", cvv: "123" }).success).toBe(true);
  });
});

describe("card refusals from the payment service", () => {
  const declined = UPI_ERRORS["4200"]!.action;

  it.each([
    ["4200", "invalid card number", "This card number is not valid — check the digits."],
    ["4200", "card expired", "This card has expired."],
    ["4206", "card expired", "This card has expired."],
    ["4200", "invalid cvv", "The CVV is not valid."],
  ])("%s %s is not a decline", (code, upstream, explanation) => {
    const error = new UpiError(code, 406, upstream, "failed");
    expect(error.explanation).toBe(explanation);
    expect(error.sentence).not.toContain(declined);
    expect(error.sentence).not.toMatch(/declined/i);
  });

  it("keeps a real decline a decline", () => {
    const error = new UpiError("4200", 406, "card declined by the issuer", "failed");
    expect(error.explanation).toBe("The charge was declined.");
    expect(error.action).toBe(declined);
  });
});
