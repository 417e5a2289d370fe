import { randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { type Browser, expect, type Page } from "@playwright/test";
import type { Role } from "../../lib/platform/auth/permissions";
import { sandboxCall, sandboxControl } from "./sandbox";
import { sql, storageStateFor } from "./users";

// Every page of the console, each as a role that may open it, with the data its detail pages
// need (a paid wechatpay charge, its declaration, a vault token, a chargeback, a customer).
// The pages are read from app/(console), so a new page that is not listed here fails the specs
// that walk them (e2e/walk.spec.ts).

export type Ids = {
  charge: string;
  declaration: string;
  token: string;
  chargeback: string;
  customer: string;
  batch: string;
};
export const PAGES: Record<string, { role: Role; url: (ids: Ids) => string }> = {
  "/": { role: "admin", url: () => "/" },
  "/account/password": { role: "finance", url: () => "/account/password" },
  "/account/security": { role: "admin", url: () => "/account/security" },
  "/account/preferences": { role: "finance", url: () => "/account/preferences" },
  "/approvals": { role: "manager", url: () => "/approvals" },
  "/audit": { role: "manager", url: () => "/audit" },
  "/chargebacks": { role: "manager", url: () => "/chargebacks" },
  "/chargebacks/[id]": { role: "manager", url: (ids) => `/chargebacks/${ids.chargeback}` },
  "/chargebacks/summary": { role: "manager", url: () => "/chargebacks/summary" },
  "/customers": { role: "finance", url: () => "/customers" },
  "/customers/[reference]": { role: "manager", url: (ids) => `/customers/${ids.customer}` },
  "/customs": { role: "ops", url: () => "/customs" },
  "/customs/[id]": { role: "ops", url: (ids) => `/customs/${ids.declaration}` },
  "/customs/new": { role: "ops", url: (ids) => `/customs/new?transaction=${ids.charge}` },
  "/notifications": { role: "manager", url: () => "/notifications" },
  "/notifications/reports": { role: "manager", url: () => "/notifications/reports" },
  "/operations": { role: "finance", url: () => "/operations" },
  "/payment-links": { role: "finance", url: () => "/payment-links" },
  "/reconciliation": { role: "manager", url: () => "/reconciliation" },
  "/refund-batches": { role: "finance", url: () => "/refund-batches" },
  "/refund-batches/[id]": { role: "finance", url: (ids) => `/refund-batches/${ids.batch}` },
  "/refund-batches/new": { role: "finance", url: () => "/refund-batches/new" },
  "/reports": { role: "finance", url: () => "/reports" },
  "/search": { role: "admin", url: () => "/search?q=no-such-thing" },
  "/settings": { role: "admin", url: () => "/settings" },
  "/terminal": { role: "finance", url: () => "/terminal" },
  "/transactions": { role: "finance", url: () => "/transactions" },
  "/transactions/[id]": { role: "finance", url: (ids) => `/transactions/${ids.charge}` },
  "/users": { role: "admin", url: () => "/users" },
  "/vault": { role: "finance", url: () => "/vault" },
  "/vault/[token]": { role: "finance", url: (ids) => `/vault/${ids.token}` },
  "/webhooks": { role: "admin", url: () => "/webhooks" },
};

/**
 * A page as a person is left with it: its content painted, its sections loaded, React in charge
 * with no query in flight (`data-busy`, components/providers.tsx), and no placeholder
 * of a form, chart or menu still loading (`aria-busy`).
 */
export async function settled(page: Page) {
  await expect(page.locator("main#content")).toBeVisible();
  await expect(page.getByTestId("section-loading")).toHaveCount(0);
  await expect(page.locator("html")).toHaveAttribute("data-busy", "0");
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** Every page of app/(console), as its URL pattern (route groups dropped). */
export function consolePages(dir = "app/(console)", prefix = ""): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.isFile()) return e.name === "page.tsx" ? [prefix || "/"] : [];
    if (!e.isDirectory() || e.name.startsWith("_")) return [];
    const segment = e.name.startsWith("(") ? "" : `/${e.name}`;
    return consolePages(join(dir, e.name), prefix + segment);
  });
}

/** Creates what the detail pages show; answers their ids. */
export async function seedEveryPage(browser: Browser, baseURL: string | undefined): Promise<Ids> {
  const ids: Ids = { charge: "", declaration: "", token: "", chargeback: "", customer: "", batch: "" };
  const finance = await browser.newContext({ storageState: storageStateFor("finance"), baseURL });
  ids.customer = `a11y-cust-${randomUUID().slice(0, 8)}`;
  // A wechatpay charge (declarable), paid and imported; and a card stored in the vault. Both the
  // customer's, so the customer page shows a declaration too (its states were English in zh-CN).
  // As long as merchants' order numbers run (issue 50: a 33-character one widened its declaration's page).
  const reference = `e2e-a11y-${randomUUID().slice(0, 8)}-20261202000000123`;
  const c = await sandboxCall("POST", "/v1/charges", {
    consumer: { reference: ids.customer },
    transaction: {
      reference,
      amount: 10_000,
      currency: "USD",
      country: "CN",
      auto_capture: true,
    },
    payment: { method: "wechatpay" },
  });
  await sandboxControl("POST", `/__sandbox/payments/${c.id}/complete`);
  const imported = await finance.request.post("/api/transactions/import", {
    headers: { Origin: baseURL! },
    data: { id: c.id },
  });
  expect(imported.status()).toBe(201);
  ids.charge = c.id;
  const stored = await finance.request.post("/api/charges", {
    headers: { Origin: baseURL!, "Idempotency-Key": randomUUID() },
    data: {
      amount: 100,
      currency: "USD",
      method: "card",
      requestToken: true,
      consumer: { reference: ids.customer, email: "ana.lee@example.com" },
      card: { pan: "4111111111111111", expiry: "12/30", cvv: "123", firstName: "Ana", lastName: "Lee" },
    },
  });
  expect(stored.status()).toBe(201);
  ids.token = ((await stored.json()) as { payment: { token: string } }).payment.token;
  // A refund batch of one row, for its page: a card charge of its own, captured, refunded whole.
  const paid = await finance.request.post("/api/charges", {
    headers: { Origin: baseURL!, "Idempotency-Key": randomUUID() },
    data: {
      amount: 2500,
      currency: "USD",
      method: "card",
      autoCapture: true,
      card: { pan: "4111111111111111", expiry: "12/30", cvv: "123" },
    },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  const batched = await finance.request.post("/api/refund-batches", {
    headers: { Origin: baseURL! },
    data: { ids: [((await paid.json()) as { id: string }).id], reason: "consumer_requested" },
  });
  expect(batched.status(), await batched.text()).toBeLessThan(300);
  ids.batch = ((await batched.json()) as { batch: { id: string } }).batch.id;
  await finance.close();

  const ops = await browser.newContext({ storageState: storageStateFor("ops"), baseURL });
  const declared = await ops.request.post("/api/customs/declarations", {
    headers: { Origin: baseURL!, "Idempotency-Key": randomUUID() },
    data: {
      transactionId: ids.charge,
      vendor: "wechatpay",
      paymentType: "Online",
      merchantCustomsCode: "MC-A11Y",
      merchantCustomsName: "A11y shop",
      customsLocation: "HANGZHOU",
      // Split, with sub-order numbers as long as the order's: on a phone their card must wrap them.
      isSplit: true,
      subOrders: [
        { subOrderNo: `${reference}-SUB-0001`, orderFee: 40_000, transportFee: 0, productFee: 40_000 },
        { subOrderNo: `${reference}-SUB-0002`, orderFee: 31_000, transportFee: 1_000, productFee: 30_000 },
      ],
    },
  });
  expect(declared.status(), await declared.text()).toBeLessThan(300);
  await ops.close();
  const [row] = await sql<{ id: string }>(
    "SELECT id::text FROM customs_declarations WHERE transaction_id = $1 LIMIT 1",
    [ids.charge],
  );
  ids.declaration = row!.id;
  // A chargeback on the charge, as a notification would have recorded it (its case page).
  ids.chargeback = `cb-a11y-${randomUUID().slice(0, 8)}`;
  await sql(
    `INSERT INTO chargebacks (id, charge_id, amount, currency, status, opened_at, last_change_at, updated_at)
     VALUES ($1, $2, 10000, 'USD', 'Notification of Claim', now(), now(), now())`,
    [ids.chargeback, ids.charge],
  );
  return ids;
}
