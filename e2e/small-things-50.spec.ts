import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { consoleCharge, setResponseWindows } from "./support/chargebacks";
import { sessionState } from "./support/sessions";
import { createUser, sql, storageStateFor } from "./support/users";

// Issue 50 item 13, small things a person met on the walk: each checked as the person met it.

const DAY = 86_400_000;

test("an empty sign-in says what to enter, at the field, without asking the server", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto("/login");
  const asked: string[] = [];
  page.on("request", (r) => r.method() === "POST" && asked.push(r.url()));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("email-error")).toHaveText("Enter your email.");
  await expect(page.getByTestId("password-error")).toHaveText("Enter your password.");
  await expect(page.locator("#email")).toBeFocused();
  await expect(page.locator("#email")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("login-error")).toHaveCount(0);
  await page.locator("#email").fill("someone@example.com");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("email-error")).toHaveCount(0);
  await expect(page.locator("#password")).toBeFocused();
  expect(asked).toEqual([]);
  await context.close();
});

test.describe("the header's search (finance)", () => {
  test.use({ storageState: storageStateFor("finance") });

  test("a blank or emoji-only search says so instead of keeping the last results", async ({ page }) => {
    await page.goto("/search?q=e2e");
    await expect(page.getByTestId("results")).toBeVisible();
    const box = page.getByRole("searchbox").or(page.getByLabel("Search")).first();
    await box.fill("   ");
    await box.press("Enter");
    await expect(page.getByTestId("no-results")).toHaveText("The search box was empty: type what you are looking for.");
    await expect(page.getByTestId("results")).toHaveCount(0);

    await page.goto("/search?q=e2e");
    await expect(page.getByTestId("results")).toBeVisible();
    await box.fill("🙂🙂🙂");
    await box.press("Enter");
    await expect(page.getByTestId("no-results")).toHaveText(
      "“🙂🙂🙂” has no letter or digit to search by: type part of a reference, an id, an email or an amount.",
    );
    await expect(page.getByTestId("results")).toHaveCount(0);

    // A NUL in the address (typed or pasted into a link) is said, not a 500 from the database.
    const nul = await page.goto("/search?q=a%00b");
    expect(nul?.status()).toBe(200);
    await expect(page.getByTestId("no-results")).toHaveText(
      "The search holds a character that cannot be looked for (a NUL or broken Unicode): type it again.",
    );
  });
});

test("days left to respond are counted in the reader's time zone", async ({ browser, baseURL }) => {
  // A manager in Shanghai; the case is due at 00:05 there, nine calendar days from today there.
  const zone = "Asia/Shanghai";
  const manager = await createUser("manager", "zone-manager");
  await sql("UPDATE users SET time_zone = $1 WHERE id = $2", [zone, manager.id]);
  await setResponseWindows(browser, baseURL!, { "Notification of Claim": 10, "Request For Information": 7 });
  const window = 10;
  const todayThere = new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(new Date());
  // 00:05 in Shanghai (UTC+8) on today + 9 days.
  const due = new Date(Date.parse(`${todayThere}T00:05:00+08:00`) + 9 * DAY);
  const id = `9${Date.now()}${randomUUID().replace(/\D/g, "")}`.slice(0, 22);
  const changed = new Date(due.getTime() - window * DAY);
  await sql(
    `INSERT INTO chargebacks (id, amount, currency, status, opened_at, last_change_at, updated_at)
     VALUES ($1, 12000, 'USD', 'Notification of Claim', $2, $2, now())`,
    [id, changed],
  );
  const context = await browser.newContext({ baseURL, storageState: await sessionState(manager.email, baseURL!) });
  const page = await context.newPage();
  await page.goto(`/chargebacks/${id}`);
  await expect(page.getByTestId("respond-by")).toContainText(
    new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: zone }).format(due),
  );
  await expect(page.getByTestId("respond-by").getByTestId("days-left")).toHaveText("9 days left");
  await page.goto(`/chargebacks?q=${id}`);
  await expect(page.getByTestId("days-left")).toHaveText("9 days left");
  await context.close();
});

test("the time zone is found by typing; leaving preferences with an unsaved change asks first", async ({
  browser,
  baseURL,
}) => {
  const user = await createUser("finance", "zone-find");
  const context = await browser.newContext({ baseURL, storageState: await sessionState(user.email, baseURL!) });
  const page = await context.newPage();
  await page.goto("/account/preferences");
  const zone = page.getByLabel("Time zone", { exact: true });
  await expect(zone).toHaveValue("UTC");
  await page.getByLabel("Find by city or offset").fill("shang");
  await expect(zone).toHaveValue("Asia/Shanghai");
  expect(await zone.locator("option").count()).toBeLessThan(3);
  // Enter in the search narrows; it does not save the form with the first match.
  await page.getByLabel("Find by city or offset").press("Enter");
  await expect(page.getByTestId("preferences-message")).toHaveCount(0);
  await page.getByLabel("Find by city or offset").fill("GMT+9");
  await expect(zone).toHaveValue(/^Asia\//);
  await zone.selectOption("Asia/Tokyo");

  // A link of the console's own asks in the page's words; staying keeps the choice.
  const asked: string[] = [];
  page.on("dialog", (d) => {
    asked.push(`${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Transactions" }).click();
  await expect.poll(() => asked).toEqual(["confirm: Your changes are not saved. Leave this page and lose them?"]);
  await expect(page).toHaveURL(/\/account\/preferences$/);
  await expect(zone).toHaveValue("Asia/Tokyo");
  // Closing the tab asks the browser's own question.
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => asked.length).toBe(2);
  expect(asked[1]).toMatch(/^beforeunload/);

  // Saved, nothing asks.
  const again = await context.newPage();
  await again.goto("/account/preferences");
  await again.getByLabel("Find by city or offset").fill("tokyo");
  await again.getByRole("button", { name: "Save" }).click();
  await expect(again.getByTestId("preferences-message")).toBeVisible();
  again.on("dialog", (d) => {
    asked.push(d.type());
    void d.dismiss();
  });
  await again.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Transactions" }).click();
  await expect(again).toHaveURL(/\/transactions/);
  expect(asked).toHaveLength(2);
  await context.close();
});

test.describe("settings (admin)", () => {
  test.use({ storageState: storageStateFor("admin") });

  test("leaving Settings with an unsaved change asks first", async ({ page }) => {
    await page.goto("/settings");
    const form = page.getByTestId("regional-form");
    await form.getByLabel("Find by city or offset").first().fill("tokyo");
    await expect(form.getByLabel("Default time zone")).toHaveValue("Asia/Tokyo");
    const asked: string[] = [];
    page.on("dialog", (d) => {
      asked.push(d.message());
      void (asked.length === 1 ? d.dismiss() : d.accept());
    });
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Users" }).click();
    await expect.poll(() => asked).toEqual(["Your changes are not saved. Leave this page and lose them?"]);
    await expect(page).toHaveURL(/\/settings$/);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Users" }).click();
    await expect(page).toHaveURL(/\/users/);
    expect(asked).toHaveLength(2);
  });
});

test.describe("a chargeback case (manager)", () => {
  test.use({ storageState: storageStateFor("manager") });

  test("a refused evidence file is said at the file field, which takes focus; a note is edited by its author", async ({
    page,
    baseURL,
  }) => {
    const id = `9${Date.now()}${randomUUID().replace(/\D/g, "")}`.slice(0, 22);
    await sql(
      `INSERT INTO chargebacks (id, amount, currency, status, opened_at, last_change_at, updated_at)
       VALUES ($1, 8800, 'EUR', 'Notification of Claim', now(), now(), now())`,
      [id],
    );
    await page.goto(`/chargebacks/${id}`);
    const file = page.getByLabel("Upload a PDF or an image (PNG, JPEG, WebP; at most 10 MB)");
    await file.setInputFiles({
      name: "signed-delivery-note.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
    });
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await expect(page.getByTestId("evidence-error")).toContainText("rename it or upload the right file.");
    await expect(file).toBeFocused();
    await expect(file).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByTestId("case-message")).toHaveCount(0);

    // The case note its author wrote is edited in place; the audit keeps the first text.
    const added = await page.request.post(`/api/chargebacks/${id}/notes`, {
      headers: { Origin: baseURL! },
      data: { body: "Tracking SF1234567890 sent to the bank" },
    });
    expect(added.status(), await added.text()).toBe(201);
    await page.reload();
    const notes = page.getByTestId("notes");
    await notes.getByRole("button", { name: /^Edit: Tracking SF1234567890/ }).click();
    await notes.getByLabel("The note's new text").fill("Tracking SF0987654321 sent to the bank");
    await notes.getByRole("button", { name: "Save", exact: true }).click();
    await expect(notes).toContainText("Tracking SF0987654321 sent to the bank");
    await expect(notes.getByTestId("note-edited")).toContainText("edited");
    // Said once the form has closed with the save (it was set inside the form, and went with it).
    await expect(page.getByText("Note saved.")).toBeVisible();
    const [audit] = await sql<{ detail: { before: string } }>(
      "SELECT detail FROM audit_log WHERE action = 'chargeback.note.edit' AND target_id = $1",
      [id],
    );
    expect(audit!.detail.before).toBe("Tracking SF1234567890 sent to the bank");
  });
});

test.describe("users (admin)", () => {
  test.use({ storageState: storageStateFor("admin") });

  test("an internationalised e-mail domain stored as Punycode is shown in its own script", async ({ page }) => {
    const user = await createUser("ops", "idn");
    const local = `li.wei.${randomUUID().slice(0, 6)}`;
    // user@例子.中国, as the address is stored once its domain is made ASCII.
    await sql("UPDATE users SET email = $1 WHERE id = $2", [`${local}@xn--fsqu00a.xn--fiqs8s`, user.id]);
    await page.goto(`/users?q=${local}`);
    await expect(page.getByTestId("user-email")).toHaveText(`${local}@例子.中国`);
    await expect(page.getByRole("combobox", { name: new RegExp(`${local}@例子\\.中国`) })).toBeVisible();
  });
});

test("a note is edited by its author only, and the audit log keeps the text it replaced", async ({
  browser,
  baseURL,
}) => {
  const author = await createUser("finance", "note-author");
  const other = await createUser("finance", "note-other");
  const context = await browser.newContext({ baseURL, storageState: await sessionState(author.email, baseURL!) });
  const page = await context.newPage();
  const row = await consoleCharge(page.request, baseURL!, {
    amount: 2100,
    consumer: `CUST-NOTE-${randomUUID().slice(0, 6)}`,
  });
  const added = await page.request.post(`/api/transactions/${row!.id}/notes`, {
    headers: { Origin: baseURL! },
    data: { body: "Called the customer: parcel lost, refund 12.00 EUR agreed" },
  });
  expect(added.status(), await added.text()).toBe(201);
  const { note } = (await added.json()) as { note: { id: string } };

  await page.goto(`/transactions/${row!.id}`);
  const notes = page.getByTestId("notes");
  await notes.getByRole("button", { name: /^Edit: Called the customer/ }).click();
  await notes.getByLabel("The note's new text").fill("Called the customer: parcel lost, refund 21.00 EUR agreed");
  await notes.getByRole("button", { name: "Save", exact: true }).click();
  await expect(notes).toContainText("refund 21.00 EUR agreed");
  await expect(notes).not.toContainText("refund 12.00 EUR agreed");
  await expect(notes.getByTestId("note-edited").last()).toContainText("edited");
  const audit = await sql<{ detail: { before: string; body: string } }>(
    "SELECT detail FROM audit_log WHERE action = 'transaction.note.edit' AND target_id = $1 ORDER BY at DESC LIMIT 1",
    [row!.id],
  );
  expect(audit[0]!.detail).toMatchObject({
    before: "Called the customer: parcel lost, refund 12.00 EUR agreed",
    body: "Called the customer: parcel lost, refund 21.00 EUR agreed",
  });

  // Another person of the same role sees no Edit, and the API refuses them.
  const theirs = await browser.newContext({ baseURL, storageState: await sessionState(other.email, baseURL!) });
  const theirPage = await theirs.newPage();
  await theirPage.goto(`/transactions/${row!.id}`);
  await expect(theirPage.getByTestId("notes")).toContainText("refund 21.00 EUR agreed");
  await expect(theirPage.getByTestId("notes").getByRole("button", { name: /^Edit: Called the customer/ })).toHaveCount(
    0,
  );
  const refused = await theirPage.request.patch(`/api/transactions/${row!.id}/notes/${note.id}`, {
    headers: { Origin: baseURL! },
    data: { body: "Not mine" },
  });
  expect(refused.status()).toBe(403);
  await context.close();
  await theirs.close();
});
