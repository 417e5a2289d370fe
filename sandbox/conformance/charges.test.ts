import { describe, expect, it } from "vitest";
import { api, CARD, chargeBody, ref, useSandbox } from "./harness";

// Spec: States and transitions (charge rows); Create charge; Confirm charge; Errors 4000, 4100, 4200, 4205.
describe("charges", () => {
  const box = useSandbox();
  const post = (path: string, json: unknown) => api(box.sandbox, "POST", path, { auth: box.token, json });

  it("card with auto_capture=false → authorized, amount_captured null", async () => {
    const res = await post("/v1/charges", chargeBody({ amount: 1999 }));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      object: "charge",
      status: "authorized",
      amount: 1999,
      amount_captured: null,
      auto_capture: false,
      payment: { method: "card", type: "visa", data: { pan: "411111******1111", expiry: "12/30" } },
    });
    expect(res.body.data.charge_token).toMatch(/^chg_/);
    expect(JSON.stringify(res.body)).not.toContain(CARD.pan);
    expect(JSON.stringify(res.body)).not.toContain('"cvv"');
  });

  it("klarna with auto_capture=true → succeeded, captured in full", async () => {
    const res = await post(
      "/v1/charges",
      chargeBody({ method: "klarna", auto_capture: true, amount: 5000, currency: "EUR" }),
    );
    expect(res.body.data).toMatchObject({ status: "succeeded", amount_captured: 5000 });
    expect(res.body.data.time_captured).toEqual(expect.any(Number));
    expect(res.body.data.exchange).toMatchObject({ currency: "USD", rate: expect.any(Number) });
  });

  it.each(["alipay", "wechatpay", "kakaopay", "payco"])(
    "%s → initiated with payment.client links, completed on the consumer page",
    async (method) => {
      const res = await post("/v1/charges", chargeBody({ method, payment: { client: ["desktop", "mobile_browser"] } }));
      expect(res.body.data.status).toBe("initiated");
      expect(res.body.data.payment.client).toEqual([
        { client: "desktop", format: "redirect", method: "GET", content: expect.stringContaining("/__sandbox/pay/") },
        { client: "desktop", format: "qr", method: "GET", content: expect.stringContaining("/__sandbox/pay/") },
        {
          client: "mobile_browser",
          format: "redirect",
          method: "GET",
          content: expect.stringContaining("/__sandbox/pay/"),
        },
      ]);
      const page = await api(box.sandbox, "GET", new URL(res.body.data.payment.client[0].content).pathname);
      expect(page.body).toContain("Pay 100.00 USD");
      await api(box.sandbox, "POST", `/__sandbox/payments/${res.body.data.id}/complete`);
      const after = await api(box.sandbox, "GET", `/v1/transactions/${res.body.data.id}`, { auth: box.token });
      expect(after.body.data.status).toBe("authorized");
    },
  );

  it("an abandoned redirect payment ends canceled", async () => {
    const res = await post("/v1/charges", chargeBody({ method: "alipay" }));
    await api(box.sandbox, "POST", `/__sandbox/payments/${res.body.data.id}/abandon`);
    const after = await api(box.sandbox, "GET", `/v1/transactions/${res.body.data.id}`, { auth: box.token });
    expect(after.body.data).toMatchObject({ status: "canceled", time_canceled: expect.any(Number) });
  });

  it("confirm supplies the method and may change the amount; the reference must match", async () => {
    const reference = ref("confirm");
    const created = await post("/v1/charges", chargeBody({ reference, method: null, amount: 1000 }));
    expect(created.body.data.status).toBe("initiated");
    const path = `/v1/charges/${created.body.data.charge_token}`;
    const mismatch = await post(path, chargeBody({ reference: "other", amount: 1200 }));
    expect(mismatch).toMatchObject({ status: 406, body: { data: { code: "4205" } } });
    const confirmed = await post(path, chargeBody({ reference, amount: 1200 }));
    expect(confirmed.body.data).toMatchObject({ status: "authorized", amount: 1200, id: created.body.data.id });
    expect(confirmed.body.data.charge_token).toBeUndefined();
    const again = await post(path, chargeBody({ reference, amount: 1300 }));
    expect(again.body.data.code).toBe("4100");
    expect((await post("/v1/charges/chg_unknown", chargeBody({ reference }))).status).toBe(404);
  });

  it("refuses a duplicate reference with 4100 and stores nothing", async () => {
    const reference = ref("dup");
    expect((await post("/v1/charges", chargeBody({ reference }))).status).toBe(200);
    const dup = await post("/v1/charges", chargeBody({ reference }));
    expect(dup).toMatchObject({
      status: 400,
      body: { status: "fail", data: { code: "4100", message: expect.stringContaining("duplicate request") } },
    });
  });

  it.each([
    ["amount 0", chargeBody({ amount: 0 }), 400, "4000"],
    ["a fractional amount", chargeBody({ amount: 19.99 }), 400, "4000"],
    ["a bad currency", chargeBody({ currency: "usd" }), 400, "4000"],
    ["an unknown method", chargeBody({ method: "bitcoin" }), 400, "4000"],
    ["a declined card", chargeBody({ payment: { data: { ...CARD, pan: "4000000000000002" } } }), 406, "4200"],
    ["a card failing Luhn", chargeBody({ payment: { data: { ...CARD, pan: "4111111111111112" } } }), 406, "4200"],
    ["an expired card", chargeBody({ payment: { data: { ...CARD, expiry: "01/20" } } }), 406, "4200"],
  ])("refuses %s", async (_, body, http, code) => {
    const res = await post("/v1/charges", body);
    expect(res.status).toBe(http);
    expect(res.body.data.code).toBe(code);
    // a refused charge does not use up its reference
    expect((await post("/v1/charges", chargeBody({ reference: body.transaction.reference }))).status).toBe(200);
  });

  it("request_token=true vaults the card and returns its token; paying with the token works", async () => {
    const res = await post("/v1/charges", chargeBody({ payment: { request_token: true } }));
    const token = res.body.data.payment.token;
    expect(token).toMatch(/^vt_/);
    const paid = await post("/v1/charges", { ...chargeBody({ method: null }), payment: { method: "card", token } });
    expect(paid.body.data).toMatchObject({
      status: "authorized",
      payment: { token, data: { pan: "411111******1111" } },
    });
  });

  it("answers an unparseable body with 4000", async () => {
    const res = await fetch(`${box.sandbox.url}/v1/charges`, {
      method: "POST",
      headers: { Authorization: `Bearer ${box.token}`, "Content-Type": "application/json" },
      body: "{not json",
    });
    expect(res.status).toBe(400);
    expect((await res.json()).data.code).toBe("4000");
  });
});
