import { describe, expect, it } from "vitest";
import { api, chargeBody, eventually, PRIVATE_KEY, ref, useSandbox, webhookReceiver } from "./harness";
import { afterAll, beforeAll } from "vitest";

// What the provider's own sandbox was recorded answering (README, decisions table, source
// "observed on the provider's sandbox"), and nothing this sandbox adds unless its
// extensions are switched on.
describe("recorded behaviour of the real service (spec-only sandbox)", () => {
  const box = useSandbox();
  const post = (path: string, json: unknown) => api(box.sandbox, "POST", path, { auth: box.token, json });
  const authorized = async (o: Parameters<typeof chargeBody>[0] = {}) =>
    (await post("/v1/charges", chargeBody(o))).body.data;

  it("a failed refund answers HTTP 406 with the code's own words", async () => {
    const c = await authorized();
    const res = await post("/v1/refunds", { id: c.id, reference: ref("r") });
    expect(res.status).toBe(406);
    expect(res.body).toMatchObject({ status: "fail", data: { code: "4202", message: "refund failed" } });
  });

  it("a duplicate reference answers HTTP 400 with the string code 4100", async () => {
    const reference = ref("dup");
    await authorized({ reference });
    const res = await post("/v1/charges", chargeBody({ reference }));
    expect(res.status).toBe(400);
    expect(res.body.data).toEqual({ code: "4100", message: "duplicate request" });
  });

  it("a cancel answers with the charge's own id, no parent, and an empty card", async () => {
    const c = await authorized();
    const reference = ref("cxl");
    const res = await post("/v1/cancels", { id: c.id, reference });
    expect(res.body.data).toMatchObject({
      object: "cancel",
      id: c.id,
      reference,
      status: "canceled",
      payment: { method: "card", type: "", data: { pan: "" } },
    });
    expect(res.body.data).not.toHaveProperty("parent_id");
    // Inquiring that id is the charge, canceled.
    const charge = (await api(box.sandbox, "GET", `/v1/transactions/${c.id}`, { auth: box.token })).body.data;
    expect(charge).toMatchObject({ object: "charge", id: c.id, status: "canceled" });
  });

  it("an initiated redirect charge: no captured, refunded or expiry; payment is the method and its links", async () => {
    const res = await post("/v1/charges", chargeBody({ method: "alipay", payment: { client: ["desktop"] } }));
    const data = res.body.data;
    expect(data).toMatchObject({ object: "charge", status: "initiated", time_captured: null, auto_capture: false });
    for (const key of ["amount_captured", "amount_refunded", "expiry"]) expect(data).not.toHaveProperty(key);
    expect(Object.keys(data.payment).sort()).toEqual(["client", "method"]);
    expect(data.payment.client.map((l: { format: string; method: string }) => [l.format, l.method])).toEqual([
      ["redirect", "GET"],
      ["qr", "GET"],
    ]);
    for (const link of data.payment.client) expect(() => new URL(link.content)).not.toThrow();
  });

  it("a refund record has amount_refunded, time_completed, exchange and payment.method, and no parent", async () => {
    const c = await authorized({ auto_capture: true, currency: "EUR" });
    const r = (await post("/v1/refunds", { id: c.id, reference: ref("r"), amount: 500 })).body.data;
    expect(r).toMatchObject({
      object: "refund",
      amount: 500,
      amount_refunded: 500,
      time_completed: expect.any(Number),
      payment: { method: "card" },
    });
    expect(r.exchange).toBeTruthy();
    expect(Object.keys(r.payment)).toEqual(["method"]);
    expect(r).not.toHaveProperty("parent_id");
  });

  it("tokens list `permission` (seven values, no cancel); asking again while one is valid returns the same token", async () => {
    const issue = () =>
      api(box.sandbox, "POST", "/v1/access-tokens", { auth: PRIVATE_KEY, json: { token_type: "server" } });
    const first = (await issue()).body.data;
    expect(first.permission).toHaveLength(7);
    expect(first.permission).not.toContain("cancel");
    expect(first).not.toHaveProperty("object");
    const second = (await issue()).body.data;
    expect(second).toEqual(first);
  });

  describe("notifications", () => {
    let hook: Awaited<ReturnType<typeof webhookReceiver>>;
    beforeAll(async () => (hook = await webhookReceiver()));
    afterAll(() => hook.close());

    it("refund and chargeback notifications carry only the spec's fields (no parent_id)", async () => {
      const c = await authorized({ auto_capture: true, ipn: hook.url });
      const refundRef = ref("r");
      await post("/v1/refunds", { id: c.id, reference: refundRef, amount: 100 });
      await api(box.sandbox, "POST", "/__sandbox/chargebacks", { json: { charge_id: c.id } });
      const refund = await eventually(() => hook.json().find((b) => b.reference === refundRef), Boolean);
      const chargeback = await eventually(
        () => hook.json().find((b) => b.transaction_type === "chargeback" && b.reference === c.reference),
        Boolean,
      );
      for (const n of [refund!, chargeback!]) {
        expect(n).not.toHaveProperty("parent_id");
        expect(String(n.fields).split(",")).not.toContain("parent_id");
      }
    });
  });
});

describe("the sandbox's extensions, when switched on", () => {
  const box = useSandbox({ extensions: true });
  it("children carry parent_id and refusals say why", async () => {
    const post = (path: string, json: unknown) => api(box.sandbox, "POST", path, { auth: box.token, json });
    const c = (await post("/v1/charges", chargeBody({ auto_capture: true }))).body.data;
    const r = (await post("/v1/refunds", { id: c.id, reference: ref("r"), amount: 100 })).body.data;
    expect(r.parent_id).toBe(c.id);
    const refused = await post("/v1/refunds", { id: c.id, reference: ref("r"), amount: 1_000_000 });
    expect(refused.body.data.message).toMatch(/^refund failed: /);
  });
});
