import { describe, expect, it } from "vitest";
import { expirySeconds, parseApiTime } from "./time";

describe("API times", () => {
  it.each([
    [1629020863, "2021-08-15T09:47:43.000Z"],
    [1629020863000, "2021-08-15T09:47:43.000Z"],
    ["2021-08-15 09:47:43", "2021-08-15T09:47:43.000Z"],
    ["2021-08-15T09:47:43.000Z", "2021-08-15T09:47:43.000Z"],
    ["1629020863", "2021-08-15T09:47:43.000Z"],
  ])("reads %s", (input, iso) => {
    expect(parseApiTime(input)?.toISOString()).toBe(iso);
  });

  it("returns null for missing or garbage values", () => {
    for (const v of [null, undefined, "", "yesterday", {}]) expect(parseApiTime(v)).toBeNull();
  });

  it("normalises expiry to seconds", () => {
    expect(expirySeconds(1629020863)).toBe(1629020863);
    expect(expirySeconds(1629020863123)).toBe(1629020863);
  });
});
