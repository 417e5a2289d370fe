import { describe, expect, it } from "vitest";
import { overrideConfigForTests, resetConfigForTests } from "@/lib/platform/config";
import { allowedOrigins, isStateChanging, originAllowed } from "./origin";

const h = (init: Record<string, string>) => new Headers(init);

describe("Origin check", () => {
  it("allows the console's own origin", () => {
    expect(originAllowed(h({ host: "localhost:3000", origin: "http://localhost:3000" }))).toBe(true);
  });

  it("believes X-Forwarded-Host and -Proto only behind configured proxies (TRUSTED_PROXIES)", () => {
    const forged = h({
      host: "localhost:3000",
      "x-forwarded-host": "evil.example",
      "x-forwarded-proto": "https",
      origin: "https://evil.example",
    });
    expect(allowedOrigins(forged, undefined, false).has("https://evil.example")).toBe(false);
    overrideConfigForTests({ TRUSTED_PROXIES: undefined });
    try {
      expect(originAllowed(forged)).toBe(false);
      expect(
        originAllowed(
          h({ host: "console.internal", "x-forwarded-proto": "https", origin: "https://console.internal" }),
        ),
      ).toBe(false);
      overrideConfigForTests({ TRUSTED_PROXIES: "10.0.0.0/8" });
      expect(
        originAllowed(
          h({ host: "console.internal", "x-forwarded-proto": "https", origin: "https://console.internal" }),
        ),
      ).toBe(true);
      expect(
        originAllowed(
          h({
            host: "10.0.0.5",
            "x-forwarded-host": "console.example",
            "x-forwarded-proto": "https, http",
            origin: "https://console.example",
          }),
        ),
      ).toBe(true);
    } finally {
      resetConfigForTests();
    }
  });

  it.each([
    ["missing", { host: "localhost:3000" }],
    ["null", { host: "localhost:3000", origin: "null" }],
    ["foreign", { host: "localhost:3000", origin: "https://evil.example" }],
    ["another port", { host: "localhost:3000", origin: "http://localhost:3001" }],
    ["another scheme", { host: "localhost:3000", origin: "https://localhost:3000" }],
  ])("refuses an Origin that is %s", (_, headers) => {
    expect(originAllowed(h(headers as Record<string, string>))).toBe(false);
  });

  it("applies to every method that changes state", () => {
    expect(["POST", "PUT", "PATCH", "DELETE"].every(isStateChanging)).toBe(true);
    expect(["GET", "HEAD", "OPTIONS"].some(isStateChanging)).toBe(false);
  });
});
