import { describe, expect, it } from "vitest";
import { api, chargeBody, CUSTOMS_TOKEN, useSandbox } from "./harness";

// Customs spec: Declaration request/response, inquiry, errors ZZ/B1–B6, Limits 1–3, CNY amount feature.
describe("customs declarations", () => {
  const box = useSandbox();
  const customs = (path: string, form: Record<string, string>, token = CUSTOMS_TOKEN) =>
    api(box.sandbox, "POST", path, { auth: token, form });
  const paidCharge = async (o: Parameters<typeof chargeBody>[0] = {}) =>
    (await api(box.sandbox, "POST", "/v1/charges", { auth: box.token, json: chargeBody({ auto_capture: true, ...o }) }))
      .body.data;
  const base = (reference: string, vendor = "alipay") => ({
    vendor,
    payment_type: "Online",
    reference,
    merchant_customs_code: "1234567890",
    merchant_customs_name: "Demo Trading",
    customs_location: "HANGZHOU",
  });

  it("declares a whole order for its CNY amount, with the vendor's request and response for audit", async () => {
    const c = await paidCharge({ amount: 10_000, currency: "USD" }); // 100 USD → 710.00 CNY
    const res = await customs("/chinacustoms/declare", base(c.reference));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      result: "success",
      sub_order_no: c.reference,
      order_fee: 71_000,
      declare_number: expect.stringMatching(/^D[0-9A-F]{18}$/),
      verification_organization: expect.stringContaining("Alipay"),
      identity_check_result: "UNCHECKED",
      customs_status: "SUBMITTED",
      original_vendor_request: expect.any(String),
      original_vendor_response: expect.any(String),
    });
  });

  it("declares a wechatpay split order with fees, within the parent's CNY amount, without vendor audit data", async () => {
    const c = await paidCharge({ amount: 10_000, currency: "USD", method: "wechatpay" });
    await api(box.sandbox, "POST", `/__sandbox/payments/${c.id}/complete`);
    const split = (sub: string, fee: number, transport = 1000) => ({
      ...base(c.reference, "wechatpay"),
      is_split: "T",
      sub_order_no: sub,
      fee_type: "CNY",
      order_fee: String(fee),
      transport_fee: String(transport),
      product_fee: String(fee - transport),
    });
    const a = await customs("/chinacustoms/declare", split("S-1", 40_000));
    expect(a.body).toMatchObject({
      result: "success",
      sub_order_no: "S-1",
      verification_organization: expect.stringContaining("Tenpay"),
    });
    expect(a.body.original_vendor_request).toBeUndefined();
    // Free shipping: a transport fee of 0 is accepted; a product fee of 0 is not.
    expect((await customs("/chinacustoms/declare", split("S-2", 31_000, 0))).body.result).toBe("success");
    expect((await customs("/chinacustoms/declare", split("S-6", 100, 100))).body).toMatchObject({
      result: "fail",
      code: "B3",
      error_detail: "product_fee must be a positive integer in CNY fen",
    });
    const over = await customs("/chinacustoms/declare", split("S-3", 100, 50));
    expect(over.body).toMatchObject({ result: "fail", code: "B3", error_detail: expect.stringContaining("exceed") });
    const missing = await customs("/chinacustoms/declare", { ...split("S-4", 100, 50), fee_type: "" });
    expect(missing.body).toMatchObject({ result: "fail", code: "B3" });
    const mismatch = await customs("/chinacustoms/declare", { ...split("S-5", 100, 50), product_fee: "1" });
    expect(mismatch.body.code).toBe("B3");
  });

  it("applies the upop rules: CNY only, buyer identity, Hosted or Online", async () => {
    const usd = await paidCharge({ currency: "USD" });
    const nonCny = await customs("/chinacustoms/declare", {
      ...base(usd.reference, "upop"),
      buyer_name: "Li Lei",
      id_number: "110101199001011234",
    });
    expect(nonCny.body).toMatchObject({
      result: "fail",
      code: "B3",
      error_detail: "UnionPay declaration supports only CNY transactions",
    });
    const cny = await paidCharge({ currency: "CNY", amount: 50_000 });
    expect((await customs("/chinacustoms/declare", base(cny.reference, "upop"))).body.code).toBe("B3");
    expect(
      (
        await customs("/chinacustoms/declare", {
          ...base(cny.reference, "upop"),
          payment_type: "InStore",
          buyer_name: "Li",
          id_number: "1",
        })
      ).body.code,
    ).toBe("B4");
    expect(
      (
        await customs("/chinacustoms/declare", {
          ...base(cny.reference, "upop"),
          buyer_name: "Li",
          id_number: "1",
          id_type: "08",
        })
      ).body.code,
    ).toBe("B3");
    const ok = await customs("/chinacustoms/declare", {
      ...base(cny.reference, "upop"),
      buyer_name: "Li Lei",
      id_number: "110101199001011234",
      id_type: "01",
      businessType: "2",
    });
    expect(ok.body).toMatchObject({
      result: "success",
      identity_check_result: "PASS",
      verification_organization: expect.stringContaining("UnionPay"),
    });
  });

  it.each([
    ["a wrong token", { token: "nope" }, "B1"],
    ["an unknown reference", { reference: "no-such-order" }, "B2"],
    ["a bad payment type", { payment_type: "Mail" }, "B4"],
    ["an unknown vendor", { vendor: "paypal" }, "B6"],
    ["a missing customs location", { customs_location: "" }, "B3"],
  ])("answers %s with %s", async (_, change, code) => {
    const c = await paidCharge();
    const { token, ...form } = { ...base(c.reference), ...change } as Record<string, string>;
    const res = await customs("/chinacustoms/declare", form, token ?? CUSTOMS_TOKEN);
    expect(res.body).toMatchObject({ result: "fail", code });
  });

  it("advances customs status with the sandbox clock and reports it on inquiry", async () => {
    const c = await paidCharge();
    await customs("/chinacustoms/declare", {
      ...base(c.reference),
      is_split: "T",
      sub_order_no: "A-EXCEPT",
      order_fee: "1000",
    });
    await customs("/chinacustoms/declare", {
      ...base(c.reference),
      is_split: "t",
      sub_order_no: "A-OK",
      order_fee: "1000",
    });
    const inquire = (sub: string) =>
      customs("/chinacustoms/inquire", {
        vendor: "alipay",
        payment_type: "Online",
        reference: c.reference,
        customs_location: "HANGZHOU",
        is_split: "T",
        sub_order_no: sub,
      });
    expect((await inquire("A-OK")).body).toMatchObject({
      result: "success",
      customs_status: "SUBMITTED",
      time_modified: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });
    await api(box.sandbox, "POST", "/__sandbox/clock/advance", { json: { seconds: 11 * 60 } });
    expect((await inquire("A-OK")).body.customs_status).toBe("PROCESSING");
    await api(box.sandbox, "POST", "/__sandbox/clock/advance", { json: { seconds: 30 * 60 } });
    expect((await inquire("A-OK")).body.customs_status).toBe("SUCCESS");
    expect((await inquire("A-EXCEPT")).body).toMatchObject({
      customs_status: "EXCEPT",
      error_detail: expect.stringContaining("rejected"),
    });
    expect((await inquire("NOPE")).body.code).toBe("B2");
    const reset = await api(box.sandbox, "POST", "/__sandbox/clock/reset");
    expect(reset.body.offset_seconds).toBe(0);
  });

  it("counts every sub-order toward the parent's amount; naming the one a resubmission corrects is an extension", async () => {
    const c = await paidCharge({ amount: 1000 }); // 71.00 CNY
    const form = { ...base(c.reference), is_split: "T", order_fee: "7100" };
    await customs("/chinacustoms/declare", { ...form, sub_order_no: "SPEC-WRONG-1" });
    const fixed = await customs("/chinacustoms/declare", {
      ...form,
      sub_order_no: "SPEC-RIGHT-1",
      original_sub_order_no: "SPEC-WRONG-1",
    });
    expect(fixed.body.code).toBe("B3");
    const old = await customs("/chinacustoms/inquire", {
      vendor: "alipay",
      reference: c.reference,
      is_split: "T",
      sub_order_no: "SPEC-WRONG-1",
    });
    expect(old.body.corrected_by).toBeUndefined();
  });
});
