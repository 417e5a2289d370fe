import { describe, expect, it } from "vitest";
import { minorAmountSchema, moneyText, optionalMoneyText, parseMoneyText } from "./money-schema";

// The money input's reading of what people type: currency-aware decimals, a message for every
// refusal, never a throw and never NaN (200.005 once crashed the split-order form).

describe("parseMoneyText", () => {
  it.each([
    ["19.99", "USD", 1999],
    ["1,234.5", "EUR", 123450],
    ["1500", "JPY", 1500],
    ["200", "KRW", 200],
    [" 200.00 ", "CNY", 20000],
  ])("reads %s %s as %d minor units", (text, currency, minor) => {
    expect(parseMoneyText(text, currency)).toEqual({ ok: true, minor });
  });

  it.each([
    ["200.005", "CNY", "CNY has at most 2 decimals"],
    ["15.5", "JPY", "JPY has no decimals"],
    ["-5", "CNY", "The amount cannot be negative"],
    ["abc", "CNY", "Enter an amount in CNY such as 19.99"],
    ["1e5", "CNY", "Write the amount out in digits, such as 19.99"],
    ["1E5", "JPY", "Write the amount out in digits, such as 1500"],
    ["0", "USD", "The amount must be more than zero"],
    ["", "USD", "Enter an amount"],
    ["99999999999999999999", "USD", "The amount is too large"],
    ["1.2.3", "USD", "Enter an amount in USD such as 19.99"],
  ])("refuses %s %s: %s", (text, currency, error) => {
    expect(parseMoneyText(text, currency)).toEqual({ ok: false, error });
  });

  it("takes zero where a fee may be nothing", () => {
    expect(parseMoneyText("0.00", "CNY", { allowZero: true })).toEqual({ ok: true, minor: 0 });
    expect(parseMoneyText("-0", "CNY", { allowZero: true }).ok).toBe(false);
  });

  it("never throws, whatever it is given", () => {
    for (const text of ["NaN", "Infinity", "0x10", "１２", "1_000", "  ", ".", "..", undefined as unknown as string])
      expect(() => parseMoneyText(text, "USD")).not.toThrow();
    expect(parseMoneyText("Infinity", "USD").ok).toBe(false);
  });
});

describe("moneyText: the server's field schema behind the typed text", () => {
  it("gives minor units through, and the reason at the field otherwise", () => {
    expect(moneyText("CNY", minorAmountSchema).parse("12.30")).toBe(1230);
    const bad = moneyText("CNY", minorAmountSchema).safeParse("200.005");
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message)).toEqual(["CNY has at most 2 decimals"]);
  });

  it("leaves an optional field empty", () => {
    expect(optionalMoneyText("CNY", minorAmountSchema).parse("")).toBeUndefined();
    expect(optionalMoneyText("CNY", minorAmountSchema).parse("1")).toBe(100);
  });
});
