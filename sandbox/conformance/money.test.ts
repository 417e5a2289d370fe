import { describe, expect, it } from "vitest";
import { api, chargeBody, ref, useSandbox } from "./harness";

// Spec: Capture, Refund, Cancel (rules), state-table rows, errors 4100, 4103, 4201–4203, 4208; Limits.
describe("captures, refunds and cancels", () => {
  const box = useSandbox();
  const post = (path: string, json: unknown) => api(box.sandbox, "POST", path, { auth: box.token, json });
  const charge = async (o: Parameters<typeof chargeBody>[0] = {}) =>
    (await post("/v1/charges", chargeBody(o))).body.data;
  const inquire = async (id: string) =>
    (await api(box.sandbox, "GET", `/v1/transactions/${id}`, { auth: box.token })).body.data;

  it("a partial capture succeeds and releases the remainder", async () => {
    const c = await charge({ amount: 10_000 });
    const cap = await post("/v1/captures", { id: c.id, reference: ref("cap"), transaction_amount: 6000 });
    expect(cap.body.data).toMatchObject({
      object: "capture",
      amount: 6000,
      amount_captured: 6000,
      status: "succeeded",
      currency: "USD",
    });
    const after = await inquire(c.id);
    expect(after).toMatchObject({ status: "succeeded", amount_captured: 6000, amount_authorized_remaining: 0 });
    expect(after.captures.data).toHaveLength(1);
  });

  it("a capture without an amount takes the full authorization; /v1/capture/ works too", async () => {
    const c = await charge({ amount: 2500 });
    const cap = await post("/v1/capture/", { transaction_reference: c.reference, reference: ref("cap") });
    expect(cap.body.data.amount).toBe(2500);
  });

  it.each([
    ["more than authorized", { transaction_amount: 10_001 }, "4201"],
    ["another currency", { currency: "EUR" }, "4201"],
    ["multi_capture on a card", { multi_capture: true, transaction_amount: 100 }, "4201"],
  ])("refuses a capture of %s", async (_, extra, code) => {
    const c = await charge({ amount: 10_000 });
    const res = await post("/v1/captures", { id: c.id, reference: ref("cap"), ...extra });
    expect(res).toMatchObject({ status: 406, body: { data: { code } } });
    expect((await inquire(c.id)).amount_captured).toBeNull();
  });

  it("klarna multi_capture keeps the authorization open until last_capture", async () => {
    const c = await charge({ method: "klarna", amount: 9000 });
    const first = await post("/v1/captures", {
      id: c.id,
      reference: ref("k1"),
      transaction_amount: 3000,
      multi_capture: true,
      shipping: { vendor: "DHL", tracking: "JD0001" },
    });
    expect(first.body.data.shipping).toEqual({ vendor: "DHL", tracking: "JD0001" });
    expect(await inquire(c.id)).toMatchObject({
      status: "authorized",
      amount_captured: 3000,
      amount_authorized_remaining: 6000,
    });
    await post("/v1/captures", {
      id: c.id,
      reference: ref("k2"),
      transaction_amount: 2000,
      multi_capture: true,
      last_capture: true,
    });
    expect(await inquire(c.id)).toMatchObject({
      status: "succeeded",
      amount_captured: 5000,
      amount_authorized_remaining: 0,
    });
    const late = await post("/v1/captures", {
      id: c.id,
      reference: ref("k3"),
      transaction_amount: 100,
      multi_capture: true,
    });
    expect(late.body.data.code).toBe("4201");
  });

  it("refunds only captured money, partially, up to what is left", async () => {
    const c = await charge({ amount: 10_000, auto_capture: true });
    const r1 = await post("/v1/refunds", { id: c.id, reference: ref("r"), amount: 4000, note: "consumer requested" });
    expect(r1.body.data).toMatchObject({
      object: "refund",
      amount: 4000,
      amount_refunded: 4000,
      status: "succeeded",
      note: "consumer requested",
    });
    const over = await post("/v1/refunds", { id: c.id, reference: ref("r"), amount: 6001 });
    expect(over).toMatchObject({ status: 406, body: { data: { code: "4202" } } });
    const rest = await post("/v1/refunds", { id: c.id, reference: ref("r") });
    expect(rest.body.data.amount).toBe(6000);
    const after = await inquire(c.id);
    expect(after.amount_refunded).toBe(10_000);
    expect(after.refunds.data.map((r: { amount: number }) => r.amount)).toEqual([4000, 6000]);
    expect((await post("/v1/refunds", { id: c.id, reference: ref("r"), amount: 1 })).body.data.code).toBe("4202");
  });

  it("refunds through a capture's reference", async () => {
    const c = await charge({ amount: 3000 });
    const capRef = ref("cap");
    await post("/v1/captures", { id: c.id, reference: capRef });
    const r = await post("/v1/refunds", { transaction_reference: capRef, reference: ref("r"), amount: 1000 });
    expect(r.body.data).toMatchObject({ object: "refund", amount: 1000 });
    expect((await inquire(c.id)).amount_refunded).toBe(1000);
  });

  it.each([
    ["a charge still initiated", { method: "alipay" }, "4202"],
    ["an authorization not captured", {}, "4202"],
  ])("refuses to refund %s", async (_, o, code) => {
    const c = await charge(o);
    const res = await post("/v1/refunds", { id: c.id, reference: ref("r") });
    expect(res).toMatchObject({ status: 406, body: { data: { code } } });
  });

  it("answers 4208 for a partial refund of a method that allows only full refunds", async () => {
    const c = await charge({ method: "payco", auto_capture: true });
    await api(box.sandbox, "POST", `/__sandbox/payments/${c.id}/complete`);
    expect((await post("/v1/refunds", { id: c.id, reference: ref("r"), amount: 100 })).body.data).toMatchObject({
      code: "4208",
      message: "Transaction Ineligible for Partial Refund",
    });
    expect((await post("/v1/refunds", { id: c.id, reference: ref("r") })).status).toBe(200);
  });

  it("cancels an uncaptured authorization, and only that", async () => {
    const c = await charge();
    const res = await api(box.sandbox, "POST", "/v1/cancels", {
      auth: box.token,
      json: { id: c.id, reference: ref("x") },
      headers: { "Vendor-Key": "any" },
    });
    expect(res.body.data).toMatchObject({ object: "cancel", status: "canceled", amount: c.amount });
    expect(await inquire(c.id)).toMatchObject({
      status: "canceled",
      time_canceled: expect.any(Number),
      amount_authorized_remaining: 0,
    });
    expect((await post("/v1/captures", { id: c.id, reference: ref("cap") })).body.data.code).toBe("4201");
    const captured = await charge({ auto_capture: true });
    const cannot = await post("/v1/cancels", { id: captured.id, reference: ref("x") });
    expect(cannot).toMatchObject({
      status: 406,
      body: { data: { code: "4203", message: expect.stringContaining("cancel failed") } },
    });
    const refund = (await post("/v1/refunds", { id: captured.id, reference: ref("r"), amount: 1 })).body.data;
    expect((await post("/v1/cancels", { id: refund.id, reference: ref("x") })).body.data.code).toBe("4203");
  });

  it("keeps references unique across charges, captures, refunds, cancels and vault", async () => {
    const c = await charge({ auto_capture: false });
    const shared = ref("shared");
    expect((await post("/v1/captures", { id: c.id, reference: shared, transaction_amount: 100 })).status).toBe(200);
    for (const [path, body] of [
      ["/v1/refunds", { id: c.id, reference: shared }],
      ["/v1/cancels", { id: c.id, reference: shared }],
      ["/v1/charges", chargeBody({ reference: shared })],
      ["/v1/captures", { id: c.id, reference: c.reference }],
      [
        "/v1/vault",
        {
          reference: shared,
          payment: { method: "card", data: { pan: "4111111111111111", expiry: "12/30", cvv: "123" } },
        },
      ],
    ] as const) {
      expect((await post(path, body)).body.data.code).toBe("4100");
    }
  });

  it("answers 4103 / 404 for an unknown transaction", async () => {
    expect((await post("/v1/refunds", { id: "999", reference: ref("r") })).status).toBe(404);
    expect((await api(box.sandbox, "GET", "/v1/transactions/nope", { auth: box.token })).body.data.code).toBe("4103");
    expect((await post("/v1/captures", { reference: ref("r") })).body.data.code).toBe("4000");
  });

  it("does not show one merchant's transactions to another", async () => {
    const c = await charge();
    const other = (await api(box.sandbox, "POST", "/__sandbox/merchants", { json: {} })).body;
    const token = (
      await api(box.sandbox, "POST", "/v1/access-tokens", { auth: other.private_key, json: { token_type: "server" } })
    ).body.data.access_token;
    expect((await api(box.sandbox, "GET", `/v1/transactions/${c.id}`, { auth: token })).status).toBe(404);
  });

  it("inquires captures, refunds and cancels by their own id", async () => {
    const c = await charge({ amount: 800 });
    const cap = (await post("/v1/captures", { id: c.id, reference: ref("cap") })).body.data;
    const refund = (await post("/v1/refunds", { id: c.id, reference: ref("r"), amount: 300 })).body.data;
    expect((await inquire(cap.id)).object).toBe("capture");
    expect(await inquire(refund.id)).toMatchObject({ object: "refund", amount: 300 });
  });
});
