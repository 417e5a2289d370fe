import { describe, expect, it } from "vitest";
import { messageText } from "@/lib/platform/i18n/message-text";
import { minorAmountSchema, moneyText, optionalMoneyText, parseMoneyText } from "./money-schema";

const english = (r: { ok: boolean; error?: string }) => (r.ok ? r : { ok: false, error: messageText(r.error!) });
const chinese = (r: { ok: boolean; error?: string }) => (r.ok ? null : messageText(r.error!, "zh-CN"));

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
    expect(english(parseMoneyText(text, currency))).toEqual({ ok: false, error });
  });

  it("refuses with a catalog key and its values, read in each language", () => {
    expect(parseMoneyText("200.005", "CNY")).toEqual({
      ok: false,
      error: 'validation.maxDecimals|{"currency":"CNY","digits":2}',
    });
    expect(chinese(parseMoneyText("200.005", "CNY"))).toBe("CNY 最多 2 位小数");
    expect(chinese(parseMoneyText("abc", "USD"))).toBe("请输入以 USD 计的金额，例如 19.99");
  });

  it.each([
    ["1,234.56", "USD", 123456],
    ["1.234,56", "USD", 123456],
    ["19,99", "USD", 1999],
    ["1,234", "USD", 123400], // a lone comma before three digits groups: 1234 dollars
    ["1 234,5", "EUR", 123450],
    ["1.234.567", "USD", 123456700],
    ["1,234,567.89", "USD", 123456789],
    ["1,500", "JPY", 1500],
    ["12,000", "KRW", 12000],
    ["0,07", "CNY", 7],
  ])("reads %s %s with either decimal habit as %d", (text, currency, minor) => {
    expect(parseMoneyText(text, currency)).toEqual({ ok: true, minor });
  });

  it.each([
    ["15,5", "JPY", "JPY has no decimals"],
    ["1.500", "JPY", "JPY has no decimals"],
    ["1,2345", "USD", "USD has at most 2 decimals"],
    ["1,23,456", "USD", "Enter an amount in USD such as 19.99"],
    ["1.234.56", "USD", "Enter an amount in USD such as 19.99"],
    ["1,234,56", "USD", "Enter an amount in USD such as 19.99"],
    ["1.2,3.4", "USD", "Enter an amount in USD such as 19.99"],
  ])("refuses %s %s where the habit is not clear: %s", (text, currency, error) => {
    expect(english(parseMoneyText(text, currency))).toEqual({ ok: false, error });
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
    expect(bad.error?.issues.map((i) => messageText(i.message))).toEqual(["CNY has at most 2 decimals"]);
  });

  it("leaves an optional field empty", () => {
    expect(optionalMoneyText("CNY", minorAmountSchema).parse("")).toBeUndefined();
    expect(optionalMoneyText("CNY", minorAmountSchema).parse("1")).toBe(100);
  });
});
