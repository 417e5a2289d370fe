import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { ROLE_USERS, storageStateFor } from "./support/users";
import { sandboxControl } from "./support/sandbox";

// The transaction page: who paid, statuses that say what is left of a charge, outcomes shown
// with the amounts they change, the links of a redirect charge, and internal notes.

const run = Date.now().toString(36);
let n = 0;
const PAN = "4111111111111111";

async function consoleCharge(request: APIRequestContext, baseURL: string, extra: Record<string, unknown> = {}) {
  const res = await request.post("/api/charges", {
    headers: { Origin: baseURL, "Idempotency-Key": randomUUID() },
    data: {
      amount: 2000,
      currency: "USD",
      reference: `e2e-txn-${run}-${++n}`,
      method: "card",
      autoCapture: true,
      card: { pan: PAN, expiry: "12/30", cvv: "737", firstName: "Ana", lastName: "Lee" },
      consumer: { email: `ana.${run}@example.com`, firstName: "Ana", lastName: "Lee-Wong" },
      ...extra,
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

test.describe("transaction page (finance)", () => {
  test.use({ storageState: storageStateFor("finance") });
  test.afterEach(async () => {
    await sandboxControl("DELETE", "/__sandbox/faults");
  });

  test("shows the customer's email and name and the card holder, never the card number or CVV", async ({
    page,
    request,
    baseURL,
  }) => {
    const id = await consoleCharge(request, baseURL!);
    await page.goto(`/transactions/${id}`);
    const customer = page.getByTestId("customer");
    await expect(customer).toContainText(`ana.${run}@example.com`);
    await expect(customer).toContainText("Ana Lee-Wong");
    await expect(customer).toContainText(/Cardholder\s*Ana Lee/);
    const html = await page.content();
    expect(html).not.toContain(PAN);
    expect(html).not.toContain('"737"');
  });

  test("a partial refund shows with its amount at once (even while the charge's inquiry fails), said once beside the form, and the status says 'partially refunded'", async ({
    page,
    request,
    baseURL,
  }) => {
    const id = await consoleCharge(request, baseURL!);
    await page.goto(`/transactions/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("succeeded");
    // The inquiry that brings the charge row up to date after the refund does not answer.
    await sandboxControl("POST", "/__sandbox/faults", {
      fault: "http=503",
      method: "GET",
      path_prefix: "/v1/transactions",
      count: 500,
    });
    await page.getByRole("button", { name: "Refund…" }).click();
    await page.getByLabel(/Amount to refund/).fill("5.00");
    await page.getByRole("button", { name: "Refund", exact: true }).click();
    await expect(page.getByTestId("action-result")).toHaveText("Refund of $5.00 succeeded.");
    // Read at the moment the outcome shows, without waiting: the amounts are already the new ones.
    const amounts = (await page.getByTestId("amounts").innerText()).replace(/\s+/g, " ").toLowerCase();
    expect(amounts).toContain("refunded $5.00");
    expect(amounts).toContain("left to refund $15.00");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("partially refunded");
    // Said once, where the person acted: the form stays on the page, so no toast repeats it.
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);

    // The list reads the charge row itself: once the inquiry answers again, it says the same.
    await sandboxControl("DELETE", "/__sandbox/faults");
    expect((await request.post(`/api/transactions/${id}/refresh`, { headers: { Origin: baseURL! } })).status()).toBe(
      200,
    );
    await page.goto(`/transactions?q=${id}`);
    await expect(page.getByRole("row").filter({ hasText: id })).toContainText("partially refunded");
    const csv = await (await page.request.get(`/api/transactions/export.csv?q=${id}`)).text();
    expect(csv.split("\n")[0]).toContain("status,status_detail");
    expect(csv).toContain("succeeded,partially_refunded");
  });

  test("notes: added as text (never HTML), with who and when, and kept", async ({ page, request, baseURL }) => {
    const id = await consoleCharge(request, baseURL!);
    await page.goto(`/transactions/${id}`);
    await expect(page.getByText("No notes yet.")).toBeVisible();
    await page.getByLabel("Add a note").fill("<b>Called</b> the customer <img src=x onerror=alert(1)>");
    await page.getByRole("button", { name: "Add note" }).click();
    const notes = page.getByTestId("notes");
    await expect(notes).toContainText("<b>Called</b> the customer <img src=x onerror=alert(1)>");
    await expect(notes).toContainText(ROLE_USERS.finance.name);
    await expect(notes.locator("b, img")).toHaveCount(0);
    await expect(page.getByLabel("Add a note")).toHaveValue("");
    const res = await request.get(`/api/transactions/${id}/notes`);
    expect(((await res.json()) as { notes: { authorEmail: string }[] }).notes).toMatchObject([
      { authorEmail: ROLE_USERS.finance.email },
    ]);
    const empty = await request.post(`/api/transactions/${id}/notes`, {
      headers: { Origin: baseURL! },
      data: { body: "   " },
    });
    expect(empty.status()).toBe(422);
  });

  test("a redirect charge shows its payment links with copy buttons", async ({ page, request, baseURL }) => {
    const id = await consoleCharge(request, baseURL!, {
      method: "alipay",
      card: undefined,
      autoCapture: false,
      clients: ["desktop"],
    });
    await page.goto(`/transactions/${id}`);
    const links = page.getByTestId("payment-links");
    await expect(links.locator("svg")).toHaveCount(1);
    await expect(links.getByRole("button", { name: /^Copy the desktop/ }).first()).toBeVisible();
  });
});

test.describe("transaction page (ops)", () => {
  test.use({ storageState: storageStateFor("ops") });

  test("ops reads notes but may not add one", async ({ page, baseURL, browser }) => {
    const finance = await browser.newContext({ storageState: storageStateFor("finance"), baseURL });
    const id = await consoleCharge(finance.request, baseURL!);
    await finance.request.post(`/api/transactions/${id}/notes`, {
      headers: { Origin: baseURL! },
      data: { body: "Refund promised by phone" },
    });
    await finance.close();
    await page.goto(`/transactions/${id}`);
    await expect(page.getByTestId("notes")).toContainText("Refund promised by phone");
    await expect(page.getByLabel("Add a note")).toHaveCount(0);
    const res = await page.request.post(`/api/transactions/${id}/notes`, {
      headers: { Origin: baseURL! },
      data: { body: "sneaky" },
    });
    expect(res.status()).toBe(403);
  });
});
