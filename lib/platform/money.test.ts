import { describe, expect, it } from "vitest";
import { messageText } from "@/lib/platform/i18n/message-text";
import { currencyDigits, formatMoney, parseMajorToMinor, toMajorString } from "./money";

describe("money", () => {
  it.each([
    ["19.99", "USD", 1999],
    ["0.10", "USD", 10],
    ["1,234.5", "EUR", 123450],
    ["1000", "JPY", 1000],
    ["12345", "KRW", 12345],
    ["0.07", "CNY", 7],
    ["4.35", "USD", 435], // 4.35 * 100 is 434.99999… as a float
  ])("parses %s %s to %i minor units exactly", (text, currency, minor) => {
    expect(parseMajorToMinor(text, currency)).toEqual({ ok: true, minor });
  });

  it.each([
    ["0", "USD", "more than zero"],
    ["-5", "USD", "such as"],
    ["19.999", "USD", "at most 2 decimals"],
    ["10.5", "JPY", "no decimals"],
    ["abc", "USD", "such as"],
    ["", "USD", "such as"],
  ])("refuses %s %s", (text, currency, error) => {
    const r = parseMajorToMinor(text, currency);
    expect(r.ok).toBe(false);
    expect(!r.ok && messageText(r.error)).toContain(error);
  });

  it("formats with the currency's own digits", () => {
    expect(currencyDigits("JPY")).toBe(0);
    expect(currencyDigits("USD")).toBe(2);
    expect(formatMoney(1999, "USD")).toBe("$19.99");
    expect(formatMoney(123456789n, "USD")).toBe("$1,234,567.89");
    expect(formatMoney(1000, "JPY")).toBe("¥1,000");
    expect(formatMoney(5, "CNY")).toBe("CN¥0.05");
    expect(formatMoney(null, "USD")).toBe("—");
    expect(toMajorString(1999, "USD")).toBe("19.99");
    expect(toMajorString(1000, "KRW")).toBe("1000");
    expect(toMajorString(-5, "EUR")).toBe("-0.05");
  });

  it("makes one Intl formatter per language and currency, not one per amount (a report formats thousands)", () => {
    const Original = Intl.NumberFormat;
    let made = 0;
    class Counted extends Original {
      constructor(...args: ConstructorParameters<typeof Original>) {
        super(...args);
        if (args[0] === "de-DE") made++;
      }
    }
    Intl.NumberFormat = Counted as typeof Intl.NumberFormat;
    try {
      for (let i = 0; i < 200; i++) formatMoney(i * 101, ["USD", "EUR"][i % 2]!, "de-DE");
      expect(formatMoney(123456, "EUR", "de-DE")).toBe("1.234,56\u00a0€");
      expect(made).toBeLessThanOrEqual(2);
    } finally {
      Intl.NumberFormat = Original;
    }
  });

  it("writes a number exactly as the same amount as a BigInt, up to the largest safe integer", () => {
    // Numbers take plain arithmetic (an export's amounts), BigInts the exact path: the same text.
    const edges = [0, 1, 9, 10, 99, 100, 101, 999, 1000, 1001, 123456789, 2 ** 53 - 1, 2 ** 53 - 100, 2 ** 52 + 7];
    const random = Array.from({ length: 2000 }, () => Math.floor(Math.random() * 2 ** 53));
    for (const currency of ["USD", "JPY", "BHD", "KRW", "CLF"])
      for (const n of [...edges, ...random])
        for (const v of [n, -n]) expect(toMajorString(v, currency)).toBe(toMajorString(BigInt(v), currency));
  });
});

describe("currencyDigits", () => {
  it("asks Intl once per currency, not once per amount (an export formats four amounts a row)", () => {
    const Real = Intl.NumberFormat;
    let made = 0;
    Intl.NumberFormat = class extends Real {
      constructor(...args: ConstructorParameters<typeof Real>) {
        super(...args);
        made++;
      }
    } as typeof Real;
    try {
      expect(toMajorString(12_345, "BHD")).toBe("12.345");
      expect(toMajorString(12_345, "EUR")).toBe("123.45");
      for (let i = 0; i < 1000; i++) toMajorString(12_345 + i, i % 2 ? "BHD" : "EUR");
      expect(made).toBeLessThanOrEqual(2);
    } finally {
      Intl.NumberFormat = Real;
    }
  });
});
