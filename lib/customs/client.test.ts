import { createServer } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryToken } from "@/lib/payment-links/follow-rules";
import { startSandbox, type Sandbox } from "@/sandbox/server";
import { createCustomsClient, type CustomsClient } from "./client";
import { CUSTOMS_ERRORS, CustomsError } from "./errors";
import { serverToken } from "@/sandbox/dev-client";

let sandbox: Sandbox;
let customs: CustomsClient;
let n = 0;
const ref = (p: string) => `${p}-${Date.now()}-${++n}`;

async function paidCharge(currency = "USD", amount = 10_000, method = "card") {
  const token = await serverToken(sandbox.url);
  const body = {
    transaction: { reference: ref("order"), amount, currency, auto_capture: true },
    payment: {
      method,
      ...(method === "card" ? { data: { pan: "4111111111111111", expiry: "12/30", cvv: "123" } } : {}),
    },
  };
  const charge = (
    await (
      await fetch(`${sandbox.url}/v1/charges`, {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      })
    ).json()
  ).data;
  if (charge.status === "initiated")
    await fetch(`${sandbox.url}/__sandbox/payments/${charge.id}/complete`, { method: "POST" });
  return charge as { id: string; reference: string };
}
const base = (reference: string) => ({
  vendor: "alipay" as const,
  payment_type: "Online" as const,
  reference,
  merchant_customs_code: "1234567890",
  merchant_customs_name: "Demo",
  customs_location: "HANGZHOU",
});

beforeAll(async () => {
  sandbox = await startSandbox({ dataDir: null });
  customs = createCustomsClient({
    baseUrl: sandbox.url,
    token: "ct_sandbox_default",
    timeoutMs: 60_000,
    declarationInquiryPath: "/chinacustoms/inquire",
  });
});
afterAll(() => sandbox.close());

describe("customs client", () => {
  it("declares a whole order and a wechatpay split order, and inquires them", async () => {
    const c = await paidCharge();
    const whole = await customs.declare(base(c.reference));
    expect(whole).toMatchObject({
      result: "success",
      declareNumber: expect.any(String),
      verificationOrganization: expect.stringContaining("Alipay"),
      vendorRequest: expect.any(String),
    });
    const w = await paidCharge("USD", 10_000, "wechatpay");
    const split = await customs.declare({
      ...base(w.reference),
      vendor: "wechatpay",
      is_split: "T",
      sub_order_no: "W-1",
      fee_type: "CNY",
      order_fee: 30_000,
      transport_fee: 2000,
      product_fee: 28_000,
    });
    expect(split).toMatchObject({ result: "success", subOrderNo: "W-1", vendorRequest: null });
    const status = await customs.inquireDeclaration({
      vendor: "wechatpay",
      reference: w.reference,
      is_split: "T",
      sub_order_no: "W-1",
    });
    expect(status).toMatchObject({ result: "success", customsStatus: "SUBMITTED", timeModified: expect.any(String) });
  });

  it("reads the CNY amount of a payment in fen", async () => {
    const c = await paidCharge("USD", 1999);
    expect(await customs.paymentInquire(c.id)).toMatchObject({
      id: c.id,
      currency: "USD",
      amount: 1999,
      cnyFen: 14_193,
    });
  });

  it("creates pay-by-link payments and follows a hosted one", async () => {
    const chop = await customs.chop({
      payment_method: "alipay",
      amount: 2000,
      currency: "USD",
      reference: ref("chop"),
      amount_CNY: "yes",
    });
    // The spec's answer is {result, url}: the query token rides in the landing URL.
    expect(chop).toMatchObject({ result: "success", url: expect.stringContaining("/__sandbox/pay/") });
    expect(chop.q ?? null).toBeNull();
    expect(await customs.chopInquire(queryToken(chop.url)!)).toMatchObject({
      amount: 2000,
      cnyFen: 14_200,
      notify_result: null,
    });
    expect(
      (await customs.pay({ vendor: "wechatpay", amount: 100, currency: "CNY", reference: ref("pay") })).url,
    ).toContain("/__sandbox/pay/");
    expect(
      (await customs.payQr({ vendor: "wechatpay", amount: 100, currency: "CNY", reference: ref("qr") })).url,
    ).toContain("qr=1");
  });

  it.each([
    ["B1", { token: "wrong" }],
    ["B2", { reference: "no-such-order" }],
    ["B3", { customs_location: "HANGZHOU", is_split: "T", order_fee: 1 }],
    ["B4", { vendor: "upop", payment_type: "InStore" }],
  ] as const)("maps %s to its explanation", async (code, change) => {
    const c = await paidCharge("CNY");
    const { token, ...input } = { ...base(c.reference), ...change } as Record<string, unknown>;
    const client = token
      ? createCustomsClient({
          baseUrl: sandbox.url,
          token: String(token),
          timeoutMs: 5000,
          declarationInquiryPath: "/chinacustoms/inquire",
        })
      : customs;
    const error = (await client.declare(input as never).catch((e) => e)) as CustomsError;
    expect(error).toBeInstanceOf(CustomsError);
    expect(error.code).toBe(code);
    expect(error.explanation).toBe(CUSTOMS_ERRORS[code]!.explanation);
  });

  it("checks our own request before sending (B6 never leaves the console)", async () => {
    await expect(customs.declare({ ...base("x"), vendor: "paypal" } as never)).rejects.toMatchObject({
      code: "B3",
      message: expect.stringContaining("before sending"),
    });
  });

  it("reports a time-out on a declaration as unknown", async () => {
    await fetch(`${sandbox.url}/__sandbox/faults`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ fault: "hang-after", path_prefix: "/chinacustoms/declare", count: 1 }),
    });
    const c = await paidCharge();
    const slow = createCustomsClient({
      baseUrl: sandbox.url,
      token: "ct_sandbox_default",
      timeoutMs: 300,
      declarationInquiryPath: "/chinacustoms/inquire",
    });
    await expect(slow.declare(base(c.reference))).rejects.toMatchObject({ code: "timeout", outcome: "unknown" });
  });

  it("explains every code of the spec", () => {
    for (const code of ["ZZ", "B1", "B2", "B3", "B4", "B6"]) expect(CUSTOMS_ERRORS[code]?.action).toBeTruthy();
  });

  // A failure that names no code is no verdict (the customs spec gives every refusal a code):
  // labelled ZZ and taken as unknown, so the order stays guarded until an inquiry settles it.
  it.each([
    ["a 200 'fail' without a code", 200, { result: "fail" }],
    ["a 4xx JSON answer without a code", 403, { error: "forbidden by an upstream filter" }],
    ["an explicit ZZ", 400, { result: "fail", code: "ZZ", error_detail: "reason unknown" }],
  ] as const)("takes %s to a declaration as unknown", async (_, status, body) => {
    const server = createServer((req, res) =>
      req
        .resume()
        .on("end", () => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body))),
    );
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    try {
      const odd = createCustomsClient({
        baseUrl: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
        token: "t",
        timeoutMs: 5000,
        declarationInquiryPath: "/chinacustoms/inquire",
      });
      await expect(odd.declare(base("odd"))).rejects.toMatchObject({ code: "ZZ", outcome: "unknown" });
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it("keeps a coded 4xx refusal definite (failed)", async () => {
    const c = await paidCharge("CNY");
    const error = (await customs
      .declare({ ...base(c.reference), vendor: "upop", payment_type: "InStore" } as never)
      .catch((e) => e)) as CustomsError;
    expect([error.code, error.outcome]).toEqual(["B4", "failed"]);
  });
});
