import { describe, expect, it } from "vitest";
import { isStateChanging, originAllowed } from "./origin";

const h = (init: Record<string, string>) => new Headers(init);

describe("Origin check", () => {
  it("allows the console's own origin", () => {
    expect(originAllowed(h({ host: "localhost:3000", origin: "http://localhost:3000" }))).toBe(true);
    expect(originAllowed(h({ host: "console.internal", "x-forwarded-proto": "https", origin: "https://console.internal" }))).toBe(true);
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
