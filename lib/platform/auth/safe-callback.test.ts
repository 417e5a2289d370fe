import { describe, expect, it } from "vitest";
import { safeCallback } from "./safe-callback";

describe("safeCallback", () => {
  it.each([
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "\\/evil.example",
    "\\\\evil.example",
    "/%5Cevil.example",
    "/%5cevil.example",
    "/%255Cevil.example",
    "/%09/evil.example",
    "/\t/evil.example",
    "/%0d%0a/evil.example",
    "/%0D%0ALocation:%20https://evil.example",
    "/%2F/evil.example",
    "/%2f%2fevil.example",
    "%2F%2Fevil.example",
    "/.//evil.example",
    "/..//evil.example",
    "/%2e%2e//evil.example",
    "/%00/evil.example",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "/javascript:alert(1)//%0a",
    "data:text/html,<script>alert(1)</script>",
    "https://evil.example",
    "https:evil.example",
    "http://console.invalid@evil.example",
    "evil.example",
    " /transactions",
    "",
    `/${"a".repeat(3000)}`,
  ])("refuses %j", (value) => {
    expect(safeCallback(value)).toBe("/");
  });

  it.each([
    ["/", "/"],
    ["/transactions", "/transactions"],
    ["/transactions?status=succeeded&from=2026-01-01", "/transactions?status=succeeded&from=2026-01-01"],
    ["/transactions/ch_123#refunds", "/transactions/ch_123#refunds"],
    ["/search?q=a%20b", "/search?q=a%20b"],
    ["/a/../audit", "/audit"],
  ])("keeps the console path %j", (value, expected) => {
    expect(safeCallback(value)).toBe(expected);
  });

  it("takes the first of repeated parameters and refuses nothing given", () => {
    expect(safeCallback(["/audit", "//evil.example"])).toBe("/audit");
    expect(safeCallback(undefined)).toBe("/");
  });
});
