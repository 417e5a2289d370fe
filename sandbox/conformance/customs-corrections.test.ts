import { describe, expect, it } from "vitest";
import { api, chargeBody, CUSTOMS_TOKEN, useSandbox } from "./harness";

// Customs: correcting a sub-order's number, a sandbox extension (spec-only, see customs-declarations.test.ts).

describe("customs declarations with the sandbox's extensions", () => {
  const box = useSandbox({ extensions: true });
  const customs = (path: string, form: Record<string, string>) =>
    api(box.sandbox, "POST", path, { auth: CUSTOMS_TOKEN, form });
  const paidCharge = async (o: Parameters<typeof chargeBody>[0] = {}) =>
    (await api(box.sandbox, "POST", "/v1/charges", { auth: box.token, json: chargeBody({ auto_capture: true, ...o }) }))
      .body.data;
  const base = (reference: string) => ({
    vendor: "alipay",
    payment_type: "Online",
    reference,
    merchant_customs_code: "1234567890",
    merchant_customs_name: "Demo Trading",
    customs_location: "HANGZHOU",
  });

  it("corrects a wrong sub_order_no on resubmission with is_split=T and keeps the old one as corrected", async () => {
    const c = await paidCharge({ amount: 1000 }); // 71.00 CNY
    const form = { ...base(c.reference), is_split: "T", order_fee: "7100" };
    await customs("/chinacustoms/declare", { ...form, sub_order_no: "WRONG-1" });
    expect((await customs("/chinacustoms/declare", { ...form, sub_order_no: "RIGHT-1" })).body.code).toBe("B3"); // would double the amount
    const fixed = await customs("/chinacustoms/declare", {
      ...form,
      sub_order_no: "RIGHT-1",
      original_sub_order_no: "WRONG-1",
    });
    expect(fixed.body).toMatchObject({ result: "success", sub_order_no: "RIGHT-1" });
    const old = await customs("/chinacustoms/inquire", {
      vendor: "alipay",
      reference: c.reference,
      is_split: "T",
      sub_order_no: "WRONG-1",
    });
    expect(old.body).toMatchObject({ customs_status: "CORRECTED", corrected_by: "RIGHT-1" });
  });
});
