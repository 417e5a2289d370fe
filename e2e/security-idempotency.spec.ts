import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { ROLE_USERS, sql, storageStateFor } from "./support/users";
import { stepUpApi } from "./support/sign-in";
import { openForm } from "./support/forms";

// Money moves once from every button: each create carries an Idempotency-Key, one per
// intent, scoped to its user; a double click or a retry is the same create (issue 17).
const PAN = "4111111111111111";
const chargesOf = async (amount: number) =>
  Number(
    (
      await sql<{ n: string }>(
        "SELECT count(*) AS n FROM ledger_transactions WHERE type = 'charge' AND currency = 'EUR' AND amount = $1",
        [amount],
      )
    )[0]!.n,
  );

test.describe("creates happen once (finance)", () => {
  test.use({ storageState: storageStateFor("finance") });

  test("a double click on Charge makes one authorization, and the card is cleared after success", async ({ page }) => {
    const amount = 70_000 + Math.floor(Math.random() * 9_999);
    await openForm(page, "/terminal");
    await page.getByLabel("Amount").fill((amount / 100).toFixed(2));
    await page.getByLabel("Currency").selectOption("EUR");
    await page.getByLabel("Card number").fill(PAN);
    await page.getByLabel("Expiry (MM/YY)").fill("12/30");
    await page.getByLabel("CVV").fill("123");
    // And the page sends it once: the second click of a double click is dropped by the form.
    let posts = 0;
    page.on("request", (r) => {
      if (r.method() === "POST" && new URL(r.url()).pathname === "/api/charges") posts++;
    });
    await page.getByRole("button", { name: "Charge" }).dblclick();
    await expect(page.getByTestId("charge-result")).toContainText("Charge authorized");
    expect(posts).toBe(1);
    await expect.poll(() => chargesOf(amount), { timeout: 3000 }).toBe(1);
    await page.waitForTimeout(1000); // a second authorization would have landed by now
    expect(await chargesOf(amount)).toBe(1);
    await expect(page.getByLabel("Card number")).toHaveValue("");
    await expect(page.getByLabel("Expiry (MM/YY)")).toHaveValue("");
    await expect(page.getByLabel("CVV")).toHaveValue("");
  });

  test("POST /api/charges and /api/payment-links: 400 without a key, the same answer for the same key, 422 for other parameters", async ({
    request,
    baseURL,
  }) => {
    const data = { amount: 4321, currency: "EUR", method: "card", card: { pan: PAN, expiry: "12/30", cvv: "123" } };
    const none = await request.post("/api/charges", { headers: { Origin: baseURL! }, data });
    expect(none.status()).toBe(400);
    expect((await none.json()).error.message).toContain("Idempotency-Key");

    const key = randomUUID();
    const headers = { Origin: baseURL!, "Idempotency-Key": key };
    const first = await request.post("/api/charges", { headers, data });
    expect(first.status()).toBe(201);
    const again = await request.post("/api/charges", { headers, data });
    expect([again.status(), again.headers()["idempotency-replayed"]]).toEqual([200, "true"]);
    expect((await again.json()).id).toBe((await first.json()).id);
    expect(JSON.stringify(await again.json())).not.toContain(PAN);
    const other = await request.post("/api/charges", { headers, data: { ...data, amount: 4322 } });
    expect(other.status()).toBe(422);

    const link = { kind: "hosted", vendor: "alipay", amount: 2500, currency: "USD" };
    const linkHeaders = { Origin: baseURL!, "Idempotency-Key": randomUUID() };
    const l1 = await request.post("/api/payment-links", { headers: linkHeaders, data: link });
    expect(l1.status()).toBe(201);
    const l2 = await request.post("/api/payment-links", { headers: linkHeaders, data: link });
    expect(l2.status()).toBe(200);
    expect((await l2.json()).id).toBe((await l1.json()).id);
    expect(
      (await request.post("/api/payment-links", { headers: linkHeaders, data: { ...link, amount: 2600 } })).status(),
    ).toBe(422);

    const stored = await sql<{ row: string }>("SELECT row_to_json(x)::text AS row FROM idempotent_requests x");
    expect(stored.map((r) => r.row).join("\n")).not.toContain(PAN);
  });
});

test.describe("keys are scoped per user", () => {
  test("another user sending the same key and body gets their own card, never the first user's", async ({
    browser,
    baseURL,
  }) => {
    const key = `shared-${randomUUID()}`;
    const data = { card: { pan: "5555555555554444", expiry: "11/29", cvv: "321", firstName: "Ana", lastName: "Lee" } };
    const finance = await browser.newContext({ storageState: storageStateFor("finance") });
    const admin = await browser.newContext({ storageState: storageStateFor("admin") });
    const mine = await finance.request.post("/api/vault", {
      headers: { Origin: baseURL!, "Idempotency-Key": key },
      data,
    });
    expect(mine.status()).toBe(201);
    const theirs = await admin.request.post("/api/vault", {
      headers: { Origin: baseURL!, "Idempotency-Key": key },
      data,
    });
    expect(theirs.status()).toBe(201);
    expect((await theirs.json()).token.token).not.toBe((await mine.json()).token.token);
    await finance.close();
    await admin.close();
  });
});

test.describe("creating a user (admin)", () => {
  test.use({ storageState: storageStateFor("admin") });

  test("a double submit of Create user makes the user once and answers both with it, not 'already exists'", async ({
    request,
    baseURL,
  }) => {
    await stepUpApi(request, baseURL!, ROLE_USERS.admin.email);
    const headers = { Origin: baseURL!, "Idempotency-Key": randomUUID() };
    const data = {
      email: `idem-${Date.now()}@example.com`,
      name: "Idem Potent",
      role: "ops",
      password: "long-enough-password",
    };
    const [a, b] = await Promise.all([
      request.post("/api/users", { headers, data }),
      request.post("/api/users", { headers, data }),
    ]);
    expect([a.status(), b.status()].sort()).toEqual([200, 201]);
    expect((await a.json()).user.id).toBe((await b.json()).user.id);
  });
});
