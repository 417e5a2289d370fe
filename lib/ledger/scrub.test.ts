import { describe, expect, it } from "vitest";
import { scrubCardData } from "./scrub";

describe("scrubCardData", () => {
  it("masks full card numbers, drops cvv, keeps masked pans and everything else", () => {
    const out = scrubCardData({
      id: "1",
      payment: { data: { pan: "4111 1111 1111 1111", cvv: "123", expiry: "12/30" }, method: "card" },
      list: [{ pan: "411111******1111", CVV: "999" }],
    });
    expect(out).toEqual({
      id: "1",
      payment: { data: { pan: "411111******1111", expiry: "12/30" }, method: "card" },
      list: [{ pan: "411111******1111" }],
    });
    expect(JSON.stringify(out)).not.toMatch(/4111111111111111|"123"|999/);
  });
});
