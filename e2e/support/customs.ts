import { randomUUID } from "node:crypto";
import { type APIRequestContext, expect } from "@playwright/test";
import { sandboxCall, sandboxControl } from "./sandbox";

// What the specs that need a declared payment share: a paid wechatpay charge in CNY, and ops
// declaring it split in one sub-order of its whole amount.

/** A wechatpay charge of CNY 50.00 the sandbox has completed (paid), under `reference`. */
export async function paidWechatCharge(reference: string) {
  const c = await sandboxCall("POST", "/v1/charges", {
    transaction: { reference, amount: 5000, currency: "CNY", country: "CN", auto_capture: true },
    payment: { method: "wechatpay" },
  });
  await sandboxControl("POST", `/__sandbox/payments/${c.id}/complete`);
  return c as { id: string; reference: string };
}

/** Imports the charge and declares it (as the `request`'s user, ops) in one sub-order; the declaration's id. */
export async function declareSplit(request: APIRequestContext, baseURL: string, chargeId: string, subOrderNo: string) {
  const imported = await request.post("/api/transactions/import", {
    headers: { Origin: baseURL },
    data: { id: chargeId },
  });
  expect(imported.status()).toBe(201);
  const body = {
    transactionId: chargeId,
    vendor: "wechatpay",
    paymentType: "Online",
    merchantCustomsCode: "3301960001",
    merchantCustomsName: "Demo Cross-border Trading Co.",
    customsLocation: "HANGZHOU",
    isSplit: true,
  };
  // Without wechatpay's fees it is refused, naming the sub-order (it read "{sub}: …" from Next's server).
  const refused = await request.post("/api/customs/declarations", {
    headers: { Origin: baseURL, "Idempotency-Key": randomUUID() },
    data: { ...body, subOrders: [{ subOrderNo, orderFee: 5000 }] },
  });
  expect(refused.status()).toBe(422);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
    `Sub-order 1 (${subOrderNo}): wechatpay split orders need the transport fee and the product fee.`,
  );
  const created = await request.post("/api/customs/declarations", {
    headers: { Origin: baseURL, "Idempotency-Key": randomUUID() },
    data: { ...body, subOrders: [{ subOrderNo, orderFee: 5000, transportFee: 0, productFee: 5000 }] },
  });
  expect(created.status(), await created.text()).toBe(202);
  return (await created.json()).declaration.id as string;
}
