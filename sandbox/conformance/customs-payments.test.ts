import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, chargeBody, CUSTOMS_TOKEN, eventually, ref, useSandbox, webhookReceiver } from "./harness";

// Customs spec: the CNY amount feature, chop (pay-by-link) and pay / pay_qr.

describe("CNY amounts and pay-by-link payments", () => {
  const box = useSandbox();
  let hook: Awaited<ReturnType<typeof webhookReceiver>>;
  beforeAll(async () => (hook = await webhookReceiver()));
  afterAll(() => hook.close());
  const customs = (path: string, form: Record<string, string>) =>
    api(box.sandbox, "POST", path, { auth: CUSTOMS_TOKEN, form });

  it("payment inquire returns amount_CNY for a UPI charge, never for upop", async () => {
    const c = (
      await api(box.sandbox, "POST", "/v1/charges", {
        auth: box.token,
        json: chargeBody({ amount: 12_345, currency: "JPY", auto_capture: true }),
      })
    ).body.data;
    const res = await customs("/payment/inquire", { transaction_id: c.id, inquire_method: "real", amount_CNY: "yes" });
    expect(res.body).toMatchObject({
      id: c.id,
      type: "charge",
      amount: 12_345,
      currency: "JPY",
      amount_CNY: "592.56",
      status: "success",
      time: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });
    expect((await customs("/payment/inquire", { transaction_id: c.id })).body.amount_CNY).toBeUndefined();
    const upop = (
      await api(box.sandbox, "POST", "/v1/charges", {
        auth: box.token,
        json: chargeBody({ method: "upop", currency: "CNY" }),
      })
    ).body.data;
    expect((await customs("/payment/inquire", { transaction_id: upop.id, amount_CNY: "yes" })).body.code).toBe("B3");
  });

  it("a chop payment completes on the landing page and notifies with the MD5 scheme and amount_CNY", async () => {
    const reference = ref("chop");
    const chop = await customs("/chop/chop", {
      payment_method: "alipay",
      amount: "2000",
      currency: "USD",
      reference,
      ipn_url: hook.url,
      amount_CNY: "yes",
      callback_url_success: "https://shop.example/ok",
    });
    // The spec's answer, nothing more: the query token is in the landing URL.
    expect(Object.keys(chop.body).sort()).toEqual(["result", "url"]);
    const q = new URL(chop.body.url).searchParams.get("q")!;
    const pending = (await customs("/chop/inquire", { q, inquire_method: "real", amount_CNY: "yes" })).body;
    expect(pending).toMatchObject({ result: "success", reference, notify_result: "" });
    expect(pending.status).toBeUndefined();
    await api(box.sandbox, "POST", `${new URL(chop.body.url).pathname.replace("/pay/", "/payments/")}/complete`);
    const n = await eventually(() => hook.json().find((b) => b.reference === reference), Boolean);
    expect(n).toMatchObject({ amount: 2000, amount_CNY: "142.00", status: "success", vendor: "alipay" });
    const keys = [...String(n!.fields).split(","), "fields"].sort();
    const md5 = createHash("md5")
      .update(`${keys.map((k) => `${k}=${n![k]}`).join("&")}&token=${CUSTOMS_TOKEN}`)
      .digest("hex");
    expect(n!.sign).toBe(md5);
    expect((await customs("/chop/inquire", { q, amount_CNY: "yes" })).body).toMatchObject({
      amount_CNY: "142.00",
      payment_method: "alipay",
      notify_result: "success",
    });
  });

  it("pay and pay_qr return a page URL; a duplicate reference needs allow_duplicates=yes", async () => {
    const reference = ref("pay");
    const pay = await customs("/payment/pay", {
      vendor: "wechatpay",
      amount: "100",
      currency: "CNY",
      reference,
      callback_url: "https://shop.example",
    });
    expect(pay.body).toMatchObject({ result: "success", url: expect.any(String), id: expect.any(String) });
    expect(
      (await customs("/payment/pay_qr", { vendor: "wechatpay", amount: "100", currency: "CNY", reference })).body.code,
    ).toBe("B2");
    const qr = await customs("/payment/pay_qr", {
      vendor: "wechatpay",
      amount: "100",
      currency: "CNY",
      reference,
      allow_duplicates: "yes",
    });
    expect(qr.body.url).toContain("qr=1");
    expect(
      (await customs("/payment/pay", { vendor: "venmo", amount: "1", currency: "USD", reference: ref("x") })).body.code,
    ).toBe("B6");
  });
});
