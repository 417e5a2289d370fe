import { describe, expect, it } from "vitest";
import { clientLinksOf, customerOf } from "./customer";

describe("customerOf", () => {
  it("takes what the console sent", () => {
    expect(
      customerOf(
        { payment: { data: {} } },
        {
          consumer: { email: " ana@example.com ", firstName: "Ana", lastName: "Lee" },
          card: { firstName: "A.", lastName: "Lee" },
        },
      ),
    ).toEqual({ customerEmail: "ana@example.com", customerName: "Ana Lee", cardholderName: "A. Lee" });
  });

  it("falls back to what the service returned", () => {
    expect(
      customerOf({
        consumer: { email: "bo@example.com", first_name: "Bo", last_name: "" },
        payment: { data: { first_name: "Bo", last_name: "Chen" } },
      }),
    ).toEqual({ customerEmail: "bo@example.com", customerName: "Bo", cardholderName: "Bo Chen" });
  });

  it("knows nothing when nothing was said", () => {
    expect(customerOf({})).toEqual({ customerEmail: null, customerName: null, cardholderName: null });
  });
});

describe("clientLinksOf", () => {
  it("reads payment.client[] and skips what has no content", () => {
    const payload = {
      payment: {
        client: [
          { client: "desktop", format: "redirect", method: "GET", content: "https://pay.example/r/1" },
          { client: "desktop", format: "qr", content: "https://pay.example/q/1" },
          { client: "mobile_browser", format: "redirect" },
          "junk",
        ],
      },
    };
    expect(clientLinksOf(payload)).toEqual([
      { client: "desktop", format: "redirect", content: "https://pay.example/r/1" },
      { client: "desktop", format: "qr", content: "https://pay.example/q/1" },
    ]);
    expect(clientLinksOf({ payment: {} })).toEqual([]);
    expect(clientLinksOf(null)).toEqual([]);
  });
});
