import { describe, expect, it } from "vitest";
import { chargeSchema } from "@/app/(console)/terminal/_components/charge-schema";
import {
  chargeDefaults,
  type ChargeValues,
  emptyGoodsLine,
  toBody,
} from "@/app/(console)/terminal/_components/charge-values";
import { SECTIONS, sectionOf, sectionRequired, sectionUsable } from "./sections";

// What the terminal shows per method is what it sends: a hidden section's values stay out of the
// body, and klarna is not charged from the terminal without its goods lines.

const typed = (patch: Partial<ChargeValues>): ChargeValues => ({
  ...chargeDefaults(),
  amount: "45.50",
  currency: "EUR",
  billingAddress: { street: "Main 1", street2: "", city: "Oslo", state: "", zip: "0150", country: "no" },
  urls: { success: "https://shop.example/ok", fail: "", cancel: "", mobile: "" },
  threeDs: { indicator: "05", authentication: "", id: "", version: "2.2.0", tranxId: "" },
  clients: ["mobile_browser"],
  timeout: "1000",
  ...patch,
});

describe("terminal sections", () => {
  it("hides 3DS but for cards, return URLs but for redirect-style methods, billing for wallets", () => {
    const shown = (m: string) => SECTIONS.filter((s) => sectionUsable(s, m));
    expect(shown("card")).toEqual([
      "customer",
      "billing",
      "shipping",
      "items",
      "installments",
      "device",
      "threeDs",
      "advanced",
    ]);
    expect(shown("alipay")).toEqual(["customer", "shipping", "items", "installments", "urls", "device", "advanced"]);
    expect(shown("klarna")).toEqual(["customer", "billing", "shipping", "items", "device", "advanced"]);
    expect(sectionRequired("items", "klarna")).toBe(true);
    expect(sectionRequired("items", "card")).toBe(false);
    expect([
      sectionOf("goods.2.name"),
      sectionOf("consumer.documentId"),
      sectionOf("consumer.phone"),
      sectionOf("amount"),
    ]).toEqual(["items", "advanced", "customer", null]);
  });

  it("sends nothing from a section the method cannot use", () => {
    const wallet = toBody(typed({ method: "alipay" }));
    expect(wallet).toMatchObject({
      urls: { success: "https://shop.example/ok" },
      clients: ["mobile_browser"],
      timeout: 1000,
    });
    expect(wallet.billingAddress).toBeUndefined();
    expect(wallet.threeDs).toBeUndefined();
    const card = toBody(typed({ method: "card" }));
    expect(card).toMatchObject({
      billingAddress: { street: "Main 1", city: "Oslo", zip: "0150", country: "NO" },
      threeDs: { indicator: "05", version: "2.2.0" },
    });
    expect([card.urls, card.clients, card.timeout]).toEqual([undefined, undefined, undefined]);
  });

  it("asks a klarna charge for its goods lines, then reads their amounts in the currency", () => {
    const none = typed({ method: "klarna" });
    const refused = chargeSchema(none).safeParse(none);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => [i.path.join("."), i.message])).toContainEqual([
      "goods",
      'validation.charge.goodsRequired|{"method":"klarna"}',
    ]);
    const lines = typed({
      method: "klarna",
      amount: "40.00", // the lines' total (review finding 10)
      goods: [{ ...emptyGoodsLine(), name: "Tea", quantity: "2", unitAmount: "20", totalAmount: "40.00" }],
    });
    const ok = chargeSchema(lines).parse(lines) as { goods: unknown[] };
    expect(ok.goods).toEqual([{ name: "Tea", quantity: 2, unitAmount: 2000, totalAmount: 4000 }]);
  });
});
