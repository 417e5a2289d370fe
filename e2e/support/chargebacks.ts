import { randomUUID } from "node:crypto";
import { expect, type APIRequestContext, type Browser } from "@playwright/test";
import { storageStateFor } from "./users";

/** A charge made through the console (so the sandbox notifies it), for a consumer reference. */
export async function consoleCharge(
  request: APIRequestContext,
  baseURL: string,
  o: { amount: number; currency?: string; consumer: string; method?: "card" | "alipay"; autoCapture?: boolean },
) {
  const card = (o.method ?? "card") === "card";
  const res = await request.post("/api/charges", {
    headers: { Origin: baseURL, "Idempotency-Key": randomUUID() },
    data: {
      amount: o.amount,
      currency: o.currency ?? "EUR",
      country: card ? "DE" : "CN",
      method: o.method ?? "card",
      autoCapture: o.autoCapture ?? true,
      reference: `e2e-cb-${randomUUID().slice(0, 12)}`,
      consumer: { reference: o.consumer },
      ...(card ? { card: { pan: "4111111111111111", expiry: "12/30", cvv: "123" } } : {}),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; reference: string };
}

/** Response windows per status (Settings, as an admin). */
export async function setResponseWindows(browser: Browser, baseURL: string, days: Record<string, number>) {
  const admin = await browser.newContext({ storageState: storageStateFor("admin"), baseURL });
  const res = await admin.request.patch("/api/settings", {
    headers: { Origin: baseURL },
    data: { chargebackResponseDays: days },
  });
  expect(res.status(), await res.text()).toBe(200);
  await admin.close();
}
