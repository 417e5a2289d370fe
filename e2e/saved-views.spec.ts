import { randomUUID } from "node:crypto";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { storageStateFor } from "./support/users";

// Issue 20: the list's search finds what people type (a fragment of a reference, part of the
// customer's email, the card's last four), and a person saves the filters under a name,
// finds them in the list's header, and shares the URL.
const run = Date.now().toString(36);

async function consoleCharge(request: APIRequestContext, baseURL: string, reference: string, email: string) {
  const res = await request.post("/api/charges", {
    headers: { Origin: baseURL, "Idempotency-Key": randomUUID() },
    data: {
      reference,
      amount: 1250,
      currency: "USD",
      method: "card",
      consumer: { email },
      card: { pan: "4111111111111111", expiry: "12/30", cvv: "123" },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string };
}

test.describe("search and saved views", () => {
  test.use({ storageState: storageStateFor("finance") });

  test("a fragment finds the charge; the filtered list is saved, reopened after a reload, private, and its URL works for another person", async ({
    page,
    request,
    baseURL,
    browser,
  }) => {
    const ux = await consoleCharge(request, baseURL!, `ux-order-${run}-123`, `jane.${run}@shop.example`);
    const other = await consoleCharge(request, baseURL!, `other-${run}`, `john.${run}@shop.example`);
    const rows = page.getByTestId("transaction-row");

    // Part of the reference, part of the email: only whole values matched before.
    await page.goto(`/transactions?q=${encodeURIComponent(`JANE.${run}@shop`)}`);
    await expect(rows.filter({ hasText: ux.id })).toHaveCount(1);
    await expect(rows).toHaveCount(1);

    await page.goto(`/transactions?q=ux-order-${run}&currency=USD`);
    await expect(rows.filter({ hasText: ux.id })).toHaveCount(1);
    await expect(rows.filter({ hasText: other.id })).toHaveCount(0);

    await page.getByRole("button", { name: "Save view" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Save this view" });
    await expect(dialog.getByLabel("Name")).toBeFocused();
    await dialog.getByLabel("Name").fill(`UX orders ${run}`);
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await expect(dialog).toBeHidden();

    await page.goto("/transactions");
    await page.reload();
    await expect(rows.filter({ hasText: other.id })).toHaveCount(1);
    await page.getByRole("button", { name: /^Saved views/ }).click();
    await page.getByRole("link", { name: `UX orders ${run}` }).click();
    const shared = `/transactions?currency=USD&q=ux-order-${run}`;
    await expect(page).toHaveURL(new RegExp(`${shared.replace(/[?]/g, "\\?")}$`));
    await expect(rows.filter({ hasText: ux.id })).toHaveCount(1);
    await expect(rows.filter({ hasText: other.id })).toHaveCount(0);
    const mine = (await (await request.get("/api/views?list=transactions")).json()).views as {
      id: string;
      name: string;
    }[];
    const view = mine.find((v) => v.name === `UX orders ${run}`)!;

    // Another person: none of finance's views, may not delete one, but the shared URL works.
    const ops = await browser.newContext({ storageState: storageStateFor("ops"), baseURL });
    const opsPage = await ops.newPage();
    await opsPage.goto("/transactions");
    await opsPage.getByRole("button", { name: /^Saved views/ }).click();
    await expect(opsPage.getByText("No saved views yet")).toBeVisible();
    await expect(opsPage.getByRole("link", { name: `UX orders ${run}` })).toHaveCount(0);
    expect((await ops.request.delete(`/api/views/${view.id}`, { headers: { Origin: baseURL! } })).status()).toBe(404);
    await opsPage.goto(shared);
    await expect(opsPage.getByTestId("transaction-row").filter({ hasText: ux.id })).toHaveCount(1);
    await expect(opsPage.getByTestId("transaction-row")).toHaveCount(1);
    await ops.close();

    // What is stored is the canonical query, never a hostile one.
    const hostile = await request.post("/api/views", {
      headers: { Origin: baseURL! },
      data: { list: "transactions", name: `hostile ${run}`, query: `q="><img src=x onerror=alert(1)>&cursor=x` },
    });
    expect(hostile.status()).toBe(201);
    expect((await hostile.json()).view.href).toBe("/transactions?q=%22%3E%3Cimg+src%3Dx+onerror%3Dalert%281%29%3E");
    const unknownList = await request.post("/api/views", {
      headers: { Origin: baseURL! },
      data: { list: "secrets", name: "x", query: "q=1" },
    });
    expect(unknownList.status()).toBe(422);
  });

  test("every filtered list offers saved views: a chargebacks filter saved on its page opens again from the menu", async ({
    page,
  }) => {
    await page.goto("/chargebacks?status=Won");
    await page.getByRole("button", { name: "Save view" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Save this view" });
    await dialog.getByLabel("Name").fill(`Won ${run}`);
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await expect(dialog).toBeHidden();
    await page.goto("/chargebacks");
    await page.getByRole("button", { name: /^Saved views/ }).click();
    await page.getByRole("link", { name: `Won ${run}` }).click();
    await expect(page).toHaveURL(/\/chargebacks\?status=Won$/);
    await expect(page.getByLabel("Status")).toHaveValue("Won");
  });

  test("a view is renamed from the menu, keeps its filters, and a name already used for the list is refused beside the field", async ({
    page,
  }) => {
    const save = async (status: string, name: string) => {
      await page.goto(`/chargebacks?status=${status}`);
      await page.getByRole("button", { name: "Save view" }).click();
      const dialog = page.getByRole("alertdialog", { name: "Save this view" });
      await dialog.getByLabel("Name").fill(name);
      await dialog.getByRole("button", { name: "Save", exact: true }).click();
      await expect(dialog).toBeHidden();
    };
    await save("Lost", `Closed ${run}`);
    await save("Won", `Open ${run}`);

    await page.getByRole("button", { name: /^Saved views/ }).click();
    await page.getByRole("button", { name: `Rename Closed ${run}` }).click();
    const dialog = page.getByRole("alertdialog", { name: `Rename the view “Closed ${run}”` });
    await expect(dialog.getByLabel("Name")).toHaveValue(`Closed ${run}`);
    // The route's own schema, before anything is sent: the field says what is wrong.
    await dialog.getByLabel("Name").fill("  ");
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await expect(dialog.getByText("Give the view a name")).toBeVisible();
    await expect(dialog.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
    await dialog.getByLabel("Name").fill(`Open ${run}`);
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await expect(dialog.getByRole("alert")).toContainText("Another of your views of this list has that name");
    await dialog.getByLabel("Name").fill(`Settled ${run}`);
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole("button", { name: /^Saved views/ }).click();
    await expect(page.getByRole("link", { name: `Closed ${run}` })).toHaveCount(0);
    await page.getByRole("link", { name: `Settled ${run}` }).click();
    await expect(page).toHaveURL(/\/chargebacks\?status=Lost$/);
    await expect(page.getByLabel("Status")).toHaveValue("Lost");
  });
});
