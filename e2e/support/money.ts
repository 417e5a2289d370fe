import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { storageStateFor } from "./users";
import { sandboxCall, sandboxCharge, sandboxControl } from "./sandbox";

// Money-movement helpers of the e2e specs: a charge imported into the ledger, a refund through
// the API, a refund through the page, the payment service's time-out.

const run = Date.now().toString(36);
let n = 0;

/** A charge made at the sandbox (optionally captured) and imported into the console's ledger. */
export async function charge(
  request: APIRequestContext,
  baseURL: string,
  o: { amount: number; capture?: number; method?: string },
) {
  const c = await sandboxCharge({
    reference: `e2e-money-${run}-${++n}`,
    amount: o.amount,
    currency: "USD",
    method: o.method,
  });
  if (o.method === "klarna") await sandboxControl("POST", `/__sandbox/payments/${c.id}/complete`);
  if (o.capture)
    await sandboxCall("POST", "/v1/captures", {
      id: c.id,
      reference: `e2e-money-${run}-${++n}-cap`,
      transaction_amount: o.capture,
    });
  const res = await request.post("/api/transactions/import", { headers: { Origin: baseURL }, data: { id: c.id } });
  expect(res.status()).toBe(201);
  return c.id;
}

export const refund = (request: APIRequestContext, baseURL: string, id: string, key: string, amount: number) =>
  request.post(`/api/transactions/${id}/refunds`, {
    headers: { Origin: baseURL, "Idempotency-Key": key },
    data: { amount, reason: "consumer_requested" },
  });

export async function refundInPage(page: Page, amount: string, reason = "Consumer requested") {
  await page.getByRole("button", { name: "Refund…" }).click();
  await page.getByLabel(/Amount to refund/).fill(amount);
  await page.getByLabel("Reason").selectOption({ label: reason });
  await page.getByRole("button", { name: "Refund", exact: true }).click();
}

export async function setTimeoutSeconds(page: Page, baseURL: string, seconds: number) {
  const admin = await page
    .context()
    .browser()!
    .newContext({ storageState: storageStateFor("admin"), baseURL });
  const res = await admin.request.patch("/api/settings", {
    headers: { Origin: baseURL },
    data: { upiTimeoutMs: seconds * 1000 },
  });
  expect(res.status()).toBe(200);
  await admin.close();
}
