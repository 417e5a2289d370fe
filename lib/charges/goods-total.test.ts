import { describe, expect, it } from "vitest";
import { keyed } from "@/lib/platform/keyed";
import { createChargeSchema } from "./schemas";

// Review finding 10: a klarna charge's goods lines were never checked against its amount, so a
// charge of 60.00 went out with lines of 55.00. Refused at goods, in the catalog's words.

const line = (totalAmount: number) => ({ name: "Tea", quantity: 1, unitAmount: totalAmount, totalAmount });
const klarna = { amount: 6000, currency: "EUR", method: "klarna" };

describe("a klarna charge's goods total", () => {
  it("refuses lines that do not add up to the amount, at goods", () => {
    const r = createChargeSchema.safeParse({ ...klarna, goods: [line(3000), line(2500)] });
    expect(r.error?.issues).toEqual([
      expect.objectContaining({
        path: ["goods"],
        message: keyed("validation.charge.goodsTotal", { method: "klarna", total: "EUR 55.00", amount: "EUR 60.00" }),
      }),
    ]);
  });

  it("takes lines that add up, a klarna charge without lines (the API's callers) and other methods' lines", () => {
    expect(createChargeSchema.safeParse({ ...klarna, goods: [line(3000), line(2500), line(500)] }).success).toBe(true);
    expect(createChargeSchema.safeParse(klarna).success).toBe(true);
    expect(createChargeSchema.safeParse({ ...klarna, method: "alipay", goods: [line(100)] }).success).toBe(true);
  });
});
