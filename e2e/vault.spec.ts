import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { storageStateFor } from "./support/users";
import { withPg } from "../scripts/lib/users";
import { sandboxRequests } from "./support/sandbox";

// A Luhn-valid test card no other test uses, and a CVV to look for as an exact value.
const PAN = "4012888888881881";
const CVV = "9173";

test.describe("vault (finance)", () => {
  test.use({ storageState: storageStateFor("finance") });

  test("adds a card, inspects it, pays with the token, deletes it — and no pan or cvv is kept anywhere", async ({
    page,
  }) => {
    const reference = `e2e-vault-${Date.now().toString(36)}`;
    await page.goto("/vault");
    await page.getByRole("button", { name: "Add a card…" }).click();
    await page.getByLabel("Card number").fill(PAN);
    await page.getByLabel("Expiry (MM/YY)").fill("13/29");
    await page.getByLabel("CVV").fill(CVV);
    await page.getByLabel("First name").fill("Vera");
    await page.getByLabel("Last name").fill("Vault");
    await page.getByLabel("Reference (optional)").fill(reference);
    await page.getByTestId("vault-consumer").getByRole("heading").click();
    await page.getByLabel("Consumer email").fill("vera@example.com");
    await page.getByRole("button", { name: "Store the card" }).click();
    await expect(page.getByTestId("vault-expiry-error")).toHaveText("Expiry is MM/YY");
    await page.getByLabel("Expiry (MM/YY)").fill("11/29");
    await page.getByRole("button", { name: "Store the card" }).click();
    await expect(page.getByTestId("vault-result")).toContainText("Stored 401288******1881 as token");

    const row = page.getByTestId("vault-token").filter({ hasText: reference });
    await expect(row).toContainText("401288******1881");
    await expect(row).toContainText("11/29");
    await expect(row).toContainText("Vera Vault · vera@example.com");

    // The same reference again is explained.
    await page.getByRole("button", { name: "Add a card…" }).click();
    await page.getByLabel("Card number").fill(PAN);
    await page.getByLabel("Expiry (MM/YY)").fill("11/29");
    await page.getByLabel("CVV").fill(CVV);
    await page.getByLabel("First name").fill("Vera");
    await page.getByLabel("Last name").fill("Vault");
    await page.getByLabel("Reference (optional)").fill(reference);
    await page.getByRole("button", { name: "Store the card" }).click();
    await expect(page.getByTestId("vault-result")).toContainText("already uses this reference");

    await row.getByRole("link").click();
    await expect(page.getByTestId("token-status")).toHaveText("active");
    await expect(page.getByTestId("token-facts")).toContainText("added in the console");
    const token = (await page.locator("h1 + p").textContent())!.trim();

    await page.getByRole("link", { name: "Charge this card" }).click();
    await expect(page.getByLabel("Or pay with a vault token")).toHaveValue(token);
    await page.getByLabel(/^Amount/).fill("12.00");
    await page.getByRole("button", { name: /^Charge/ }).click();
    await expect(page.getByTestId("charge-result")).toBeVisible();

    await page.goto(`/vault/${token}`);
    await expect(page.getByTestId("token-charges")).toContainText("$12.00");
    await page.getByRole("button", { name: "Delete…" }).click();
    await page.getByRole("button", { name: "Delete the card" }).click();
    await expect(page.getByTestId("token-status")).toHaveText("deleted");
    await expect(page.getByRole("link", { name: "Charge this card" })).toHaveCount(0);

    const dump = await withPg(process.env.DATABASE_URL!, async (c) => {
      const { rows: tables } = await c.query(
        "SELECT schemaname, tablename FROM pg_tables WHERE schemaname IN ('public', 'pgboss')",
      );
      let text = "";
      for (const t of tables)
        text += (await c.query(`SELECT row_to_json(x)::text AS r FROM "${t.schemaname}"."${t.tablename}" x`)).rows
          .map((r) => r.r)
          .join("\n");
      return text;
    });
    expect(dump).toContain("401288******1881");
    expect(dump).not.toContain(PAN);
    expect(dump).not.toContain(`"${CVV}"`);
    const log = readFileSync("test-results/server.log", "utf8");
    expect(log.length).toBeGreaterThan(0);
    expect(log).not.toContain(PAN);
    expect(log).not.toContain(`"${CVV}"`);
  });
});

test.describe("vault add with every part of the spec (finance)", () => {
  test.use({ storageState: storageStateFor("finance") });

  test("billing street2, the consumer's shipping address and own names reach the service as the spec shapes them", async ({
    page,
  }) => {
    const reference = `e2e-vault-parts-${Date.now().toString(36)}`;
    await page.goto("/vault");
    await page.getByRole("button", { name: "Add a card…" }).click();
    await page.getByLabel("Card number").fill("5555555555554444");
    await page.getByLabel("Expiry (MM/YY)").fill("10/31");
    await page.getByLabel("CVV").fill("321");
    await page.getByLabel("First name").fill("Hana");
    await page.getByLabel("Last name").fill("Holder");
    await page.getByLabel("Reference (optional)").fill(reference);

    const billing = page.getByTestId("vault-billing");
    await billing.getByRole("heading").click();
    await billing.getByLabel("Billing street").fill("1 Main St");
    await billing.getByLabel("Street, second line").fill("Apt 4");
    await billing.getByLabel("City").fill("Springfield");
    await billing.getByLabel("Country (two letters)").fill("us");
    await billing.getByLabel("Postal code").fill("10001");

    // The consumer's names start as the card holder's, in sight, and are changed here.
    const consumer = page.getByTestId("vault-consumer");
    await expect(consumer.getByRole("heading")).toContainText("Consumer: Hana Holder");
    await consumer.getByRole("heading").click();
    await expect(consumer.getByLabel("Consumer given name")).toHaveValue("Hana");
    await consumer.getByLabel("Consumer given name").fill("Bo");
    await consumer.getByLabel("Consumer family name").fill("Chen");
    await consumer.getByLabel("Consumer reference").fill("cust-bo");
    await expect(consumer.getByRole("heading")).toContainText("Consumer: Bo Chen");

    const shipping = page.getByTestId("vault-shipping");
    await shipping.getByRole("heading").click();
    await shipping.getByLabel("Shipping street").fill("9 Dock Rd");
    await shipping.getByLabel("Street, second line").fill("Unit 2");
    await shipping.getByLabel("City").fill("Oakland");
    await shipping.getByLabel("State").fill("CA");
    await shipping.getByLabel("Country (two letters)").fill("US");
    await shipping.getByLabel("Postal code").fill("94607");
    await page.getByRole("button", { name: "Store the card" }).click();
    await expect(page.getByTestId("vault-result")).toContainText("Stored 555555******4444 as token");
    await expect(page.getByTestId("vault-token").filter({ hasText: reference })).toContainText("Bo Chen");

    const heard = (await sandboxRequests("/v1/vault")).filter((r) => r.body?.reference === reference);
    expect(heard.map((r) => r.body)).toEqual([
      {
        version: "v1.0.0",
        app: "service-upi",
        reference,
        payment: {
          method: "card",
          data: { pan: "****4444", expiry: "10/31", first_name: "Hana", last_name: "Holder" },
          billing_address: { street: "1 Main St", street2: "Apt 4", city: "Springfield", country: "US", zip: "10001" },
        },
        consumer: {
          reference: "cust-bo",
          first_name: "Bo",
          last_name: "Chen",
          shipping_address: {
            street: "9 Dock Rd",
            street2: "Unit 2",
            city: "Oakland",
            state: "CA",
            country: "US",
            zip: "94607",
          },
        },
      },
    ]);
  });
});

test.describe("vault (manager)", () => {
  test.use({ storageState: storageStateFor("manager") });
  test("reads the vault but cannot add or delete", async ({ page, request, baseURL }) => {
    await page.goto("/vault");
    await expect(page.getByTestId("vault")).toBeVisible();
    await expect(page.getByRole("button", { name: "Add a card…" })).toHaveCount(0);
    const res = await request.post("/api/vault", {
      headers: { Origin: baseURL! },
      data: { card: { pan: PAN, expiry: "11/29", cvv: CVV, firstName: "A", lastName: "B" } },
    });
    expect(res.status()).toBe(403);
  });
});

test.describe("vault (ops)", () => {
  test.use({ storageState: storageStateFor("ops") });
  test("has no access", async ({ page, request }) => {
    expect((await page.goto("/vault"))?.status()).toBe(403);
    expect((await request.get("/api/vault")).status()).toBe(403);
  });
});

test.describe("a deleted card in the list (finance)", () => {
  test.use({ storageState: storageStateFor("finance") });

  test("passes axe in both themes and says when it was deleted (issue 50 item 15)", async ({ page, baseURL }) => {
    const reference = `e2e-vault-deleted-${Date.now().toString(36)}`;
    const consumer = `cust-${reference}`;
    const added = await page.request.post("/api/vault", {
      headers: { Origin: baseURL!, "Idempotency-Key": randomUUID() },
      data: {
        reference,
        card: { pan: "4111111111111111", expiry: "10/31", cvv: "123", firstName: "Dana", lastName: "Deleted" },
        consumer: { reference: consumer, email: "dana.deleted@example.com", firstName: "Dana", lastName: "Deleted" },
      },
    });
    expect(added.status(), await added.text()).toBe(201);
    const { token } = ((await added.json()) as { token: { token: string } }).token;
    const gone = await page.request.delete(`/api/vault/${token}`, { headers: { Origin: baseURL! } });
    expect(gone.status(), await gone.text()).toBe(200);

    const deletedAt = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" }).format(new Date());
    for (const theme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await page.goto(`/vault?q=${reference}`);
      const row = page.getByTestId("vault-token").filter({ hasText: consumer });
      await expect(row.getByTestId("row-status")).toHaveText("deleted");
      await expect(row.getByTestId("row-deleted-at")).toContainText(deletedAt);
      await expect(page.locator("html")).toHaveCSS("color-scheme", theme);
      const { violations } = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
        .analyze();
      expect(
        violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
        theme,
      ).toEqual([]);
    }
  });
});
