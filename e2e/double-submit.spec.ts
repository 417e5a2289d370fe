import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { createUser, sql } from "./support/users";
import { openSession } from "./support/sessions";
import { sandboxCharge } from "./support/sandbox";

// Issue 48, item 12: a double click on Subscribe made two identical scheduled-report
// subscriptions (four after more clicks), and one on "Add note" two notes. Each create carries
// the form's intent key: sent twice, made once.

test("a double click on Add note makes one note; on Subscribe, one subscription", async ({ page, baseURL }) => {
  const user = await createUser("finance", "double-submit");
  await openSession(page, user.email);
  const c = await sandboxCharge({ reference: `e2e-double-${randomUUID().slice(0, 8)}`, amount: 1200, currency: "USD" });
  expect(
    (
      await page.request.post("/api/transactions/import", { headers: { Origin: baseURL! }, data: { id: c.id } })
    ).status(),
  ).toBe(201);

  await page.goto(`/transactions/${c.id}`);
  await page.getByLabel("Add a note").fill("Called the customer: the parcel arrived.");
  await page.getByRole("button", { name: "Add note" }).dblclick();
  await expect(page.getByTestId("notes")).toContainText("Called the customer");
  await expect
    .poll(async () => (await sql("SELECT 1 FROM transaction_notes WHERE transaction_id = $1", [c.id])).length)
    .toBe(1);
  await page.reload();
  await expect(page.getByTestId("notes").getByRole("listitem")).toHaveCount(1);

  await page.goto("/notifications/reports");
  await page.getByLabel("Report").selectOption("refundsByReason");
  await page.getByLabel("How often").selectOption("monthly");
  await page.getByRole("button", { name: "Subscribe", exact: true }).dblclick();
  await expect(page.getByTestId("subscriptions")).toContainText("Monthly");
  const count = () => sql("SELECT 1 FROM report_subscriptions WHERE user_id = $1", [user.id]).then((r) => r.length);
  await expect.poll(count).toBe(1);
  // Asked again on purpose, the same subscription is refused in words, and still one.
  await page.getByRole("button", { name: "Subscribe", exact: true }).click();
  await expect(page.getByText("You already get this report at this frequency.")).toBeVisible();
  expect(await count()).toBe(1);
});
