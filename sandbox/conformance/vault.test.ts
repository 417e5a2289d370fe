import { describe, expect, it } from "vitest";
import { api, CARD, PRIVATE_KEY, ref, useSandbox } from "./harness";

// Spec: Vault add / list / inquire / delete; Consult; errors 4100, 4103, 4204, 4206.
describe("vault", () => {
  const box = useSandbox();
  const add = (reference: string, data: Record<string, unknown> = CARD, token = box.token) =>
    api(box.sandbox, "POST", "/v1/vault", {
      auth: token,
      json: {
        reference,
        payment: { method: "card", data, billing_address: { country: "US", zip: "10001" } },
        consumer: { reference: "cust-1", email: "a@example.com" },
      },
    });

  it("adds, lists, inquires and deletes a token; the full pan never comes back", async () => {
    const client = (
      await api(box.sandbox, "POST", "/v1/access-tokens", { auth: PRIVATE_KEY, json: { token_type: "client" } })
    ).body.data.access_token;
    const res = await add(ref("v"), { ...CARD, pan: "5555555555554444" }, client);
    expect(res.body.data).toMatchObject({
      object: "vault",
      status: "active",
      payment: { method: "card", type: "mastercard", data: { pan: "555555******4444", expiry: "12/30" } },
      country: "US",
      consumer: { reference: "cust-1" },
    });
    const token = res.body.data.token;
    expect(res.body.data.payment.token).toBe(token);
    expect(JSON.stringify(res.body)).not.toContain("5555555555554444");
    const list = await api(box.sandbox, "GET", "/v1/vault", { auth: box.token });
    expect(Array.isArray(list.body.data)).toBe(true);
    expect(list.body.data.map((v: { token: string }) => v.token)).toContain(token);
    expect((await api(box.sandbox, "GET", `/v1/vault/${token}`, { auth: box.token })).body.data.status).toBe("active");
    const del = await api(box.sandbox, "DELETE", `/v1/vault/${token}`, { auth: box.token });
    expect(del.body.data.status).toBe("deleted");
    const again = await api(box.sandbox, "DELETE", `/v1/vault/${token}`, { auth: box.token });
    expect(again).toMatchObject({ status: 406, body: { data: { code: "4204" } } });
    expect((await api(box.sandbox, "GET", "/v1/vault/vt_unknown", { auth: box.token })).status).toBe(404);
  });

  it("refuses bad card data with 4206 and a duplicate reference with 4100", async () => {
    expect((await add(ref("v"), { ...CARD, pan: "1234" })).body.data.code).toBe("4206");
    expect((await add(ref("v"), { ...CARD, expiry: "13/30" })).body.data.code).toBe("4206");
    expect((await add(ref("v"), { ...CARD, cvv: "x" })).body.data.code).toBe("4206");
    const reference = ref("v");
    expect((await add(reference)).status).toBe(200);
    expect((await add(reference)).body.data.code).toBe("4100");
  });

  it("takes billing street2 and the consumer's own names and shipping_address, and refuses them mistyped (4000)", async () => {
    const body = (consumer: Record<string, unknown>, street2: unknown = "Apt 4") => ({
      json: {
        reference: ref("v"),
        payment: { method: "card", data: CARD, billing_address: { street: "1 Main St", street2, country: "US" } },
        consumer,
      },
      auth: box.token,
    });
    const shipping = {
      street: "9 Dock Rd",
      street2: "Unit 2",
      city: "Oakland",
      state: "CA",
      zip: "94607",
      country: "US",
    };
    const ok = await api(
      box.sandbox,
      "POST",
      "/v1/vault",
      body({ first_name: "Bo", last_name: "Chen", shipping_address: shipping }),
    );
    expect(ok.body.data).toMatchObject({ status: "active", country: "US" });
    for (const bad of [
      body({ shipping_address: "9 Dock Rd" }),
      body({ shipping_address: { ...shipping, zip: 94607 } }),
      body({ first_name: ["Bo"] }),
      body({}, 4),
    ])
      expect((await api(box.sandbox, "POST", "/v1/vault", bad)).body.data.code).toBe("4000");
  });
});

describe("consult", () => {
  const box = useSandbox();
  const consult = (q: string) => api(box.sandbox, "GET", `/v1/consults?${q}`, { auth: box.token });

  it("returns installment plans for card", async () => {
    const res = await consult("method=card&amount=12000&currency=USD&country=US&client=desktop&device=ios");
    expect(res.body.data.installments.data).toEqual([
      { total_amount: 12000, installment_no: 3, installment_amount: 4000 },
      { total_amount: 12000, installment_no: 6, installment_amount: 2000 },
      { total_amount: 12000, installment_no: 12, installment_amount: 1000 },
    ]);
    expect(res.body.data.promotions.data).toEqual([]);
  });

  it("returns promotions for alipay+ with a millisecond expiry", async () => {
    const res = await consult("method=alipay%2B&amount=20000&currency=USD");
    const promo = res.body.data.promotions.data[0];
    expect(promo).toMatchObject({ discount_amount: 1000, discount_code: "SANDBOX5", token_payment: false });
    expect(String(promo.expiry)).toHaveLength(13);
  });

  it("answers empty lists for small amounts and 4000 for bad queries", async () => {
    expect((await consult("method=card&amount=100&currency=USD")).body.data.installments.data).toEqual([]);
    for (const q of [
      "method=paypal&amount=1&currency=USD",
      "method=card&amount=-1&currency=USD",
      "method=card&amount=100&currency=USD&device=tv",
    ]) {
      expect((await consult(q)).body).toMatchObject({ status: "fail", data: { code: "4000" } });
    }
  });
});
