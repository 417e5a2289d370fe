import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { unzipSync } from "fflate";
import { expect, test } from "@playwright/test";
import { pdfText } from "../test/pdf-text";
import { ROLE_USERS, sql, storageStateFor } from "./support/users";
import { sandboxControl } from "./support/sandbox";
import { consoleCharge, setResponseWindows } from "./support/chargebacks";
import { restoreSandboxSecret } from "./support/webhooks";

// Issue 22: a chargeback the sandbox moves through its statuses becomes a case a manager works
// (deadline, owner, note, evidence, pack); a file that is not what it claims is refused; a case
// past its respond-by date is on the managers' home page.

const run = randomUUID().slice(0, 8);
const DEFAULT_WINDOWS = { "Notification of Claim": 10, "Request For Information": 7 };
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

test.describe("chargeback cases (manager)", () => {
  test.use({ storageState: storageStateFor("manager") });

  test.beforeAll(async ({ browser, baseURL }) => {
    await restoreSandboxSecret(browser, baseURL!);
    await setResponseWindows(browser, baseURL!, DEFAULT_WINDOWS);
  });
  test.afterAll(async ({ browser, baseURL }) => {
    await setResponseWindows(browser, baseURL!, DEFAULT_WINDOWS);
  });

  test("a case through every status: deadline, owner, note, evidence and a pack naming the charge and the customer", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const customer = `CUST-CB-${run}`;
    const finance = await browser.newContext({ storageState: storageStateFor("finance"), baseURL });
    const charge = await consoleCharge(finance.request, baseURL!, {
      amount: 7000,
      consumer: customer,
      autoCapture: false,
    });
    const capture = await finance.request.post(`/api/transactions/${charge.id}/captures`, {
      headers: { Origin: baseURL!, "Idempotency-Key": randomUUID() },
      data: { shipping: { vendor: "DHL", tracking: `JD${run}` } },
    });
    expect(capture.status(), await capture.text()).toBe(201);
    const refund = await finance.request.post(`/api/transactions/${charge.id}/refunds`, {
      headers: { Origin: baseURL!, "Idempotency-Key": randomUUID() },
      data: { amount: 500, reason: "consumer_requested" },
    });
    expect(refund.status(), await refund.text()).toBe(201);

    // Opened: the case has a respond-by date ten days out, and says whose rule that is.
    const opened = await sandboxControl("POST", "/__sandbox/chargebacks", { charge_id: charge.id, amount: 6000 });
    const casePath = `/chargebacks/${opened.id}`;
    // Until the notification is applied the page says "not found" (with HTTP 200 once the
    // section's skeleton has streamed): wait for the case itself.
    await expect(async () => {
      await page.goto(casePath);
      await expect(page.getByTestId("respond-by")).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByTestId("respond-by").getByTestId("days-left")).toHaveText(/^(9|10) days left$/);
    await expect(page.getByTestId("deadline-rule")).toContainText("The payment API gives no response deadline");
    await expect(page.getByTestId("at-risk")).toHaveText("€60.00");

    for (let i = 0; i < 4; i++)
      await sandboxControl("POST", `/__sandbox/chargebacks/${opened.id}/advance`, { outcome: "Won" });
    await expect(async () => {
      await page.goto(casePath);
      await expect(page.getByTestId("history").locator("li")).toHaveCount(5, { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    for (const status of [
      "Notification of Claim",
      "Request For Information",
      "Information Supplied",
      "Won",
      "Case Closed",
    ])
      await expect(page.getByTestId("history")).toContainText(status);
    await expect(page.getByTestId("respond-by")).toContainText("No date in this status");
    await expect(page.getByTestId("charge")).toContainText(charge.reference);
    await expect(page.getByTestId("customer")).toContainText(customer);
    await expect(page.getByTestId("shipping")).toContainText(`DHL · JD${run}`);
    await expect(page.getByTestId("refunds")).toContainText("€5.00");
    await expect(page.getByTestId("notifications").locator("li")).toHaveCount(5);

    // Owner, note, evidence: each shown and audited.
    await page.getByLabel("Give the case to").selectOption({ label: ROLE_USERS.manager.name });
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("owner")).toContainText(ROLE_USERS.manager.name);
    await page.getByLabel("Add a note").fill(`Proof of delivery sent ${run}`);
    await page.getByRole("button", { name: "Add note" }).click();
    await expect(page.getByTestId("notes")).toContainText(`Proof of delivery sent ${run}`);
    await page
      .getByLabel(/Upload a PDF or an image/)
      .setInputFiles({ name: "delivery.pdf", mimeType: "application/pdf", buffer: PDF });
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await expect(page.getByTestId("files")).toContainText("delivery.pdf");

    // A ".pdf" that is really HTML with a script is refused, whatever the browser says it is.
    await page.getByLabel(/Upload a PDF or an image/).setInputFiles({
      name: "invoice.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("<html><body><script>alert(document.cookie)</script></body></html>"),
    });
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await expect(page.getByTestId("evidence-error")).toContainText("content is none of them");
    await expect(page.getByTestId("files").locator("li")).toHaveCount(1);

    // The stored file comes back only as an attachment that nothing would render or run.
    const href = await page.getByTestId("files").getByRole("link", { name: "delivery.pdf" }).getAttribute("href");
    const file = await page.request.get(href!);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-disposition"]).toMatch(/^attachment; filename="delivery.pdf"/);
    expect(file.headers()["x-content-type-options"]).toBe("nosniff");
    expect(file.headers()["content-security-policy"]).toContain("sandbox");
    expect(Buffer.from(await file.body()).equals(PDF)).toBe(true);

    // The pack: a PDF naming the charge and the customer, and a ZIP with it and the file.
    const download = page.waitForEvent("download");
    await page.getByTestId("pack-pdf").click();
    const text = pdfText(readFileSync(await (await download).path()));
    for (const expected of [
      charge.id,
      charge.reference,
      customer,
      `JD${run}`,
      `Proof of delivery sent ${run}`,
      "01-delivery.pdf",
    ])
      expect(text).toContain(expected);
    const packZip = await page.request.get(`/api/chargebacks/${opened.id}/pack.zip`);
    expect(packZip.headers()["content-security-policy"]).toBe("default-src 'none'; sandbox");
    expect(packZip.headers()["content-disposition"]).toMatch(/^attachment;/);
    const zip = unzipSync(new Uint8Array(await packZip.body()));
    expect(Object.keys(zip).sort()).toEqual([`chargeback-${opened.id}.pdf`, "files/01-delivery.pdf"]);

    // Issue 33, journey 2: a Chinese note and file came out as "????"; the pack is now in the
    // language and zone chosen when downloading, and names the zone.
    const note = `已联系持卡人，快递单号 SF${run}。`;
    await page.getByLabel("Add a note").fill(note);
    await page.getByRole("button", { name: "Add note" }).click();
    await expect(page.getByTestId("notes")).toContainText(note);
    await page.getByLabel("Language of the pack").selectOption("zh-CN");
    await page.getByLabel("Times in").selectOption("Asia/Shanghai");
    const chinese = page.waitForEvent("download");
    await page.getByTestId("pack-pdf").click();
    const zh = pdfText(readFileSync(await (await chinese).path()));
    for (const expected of [note, "时区: Asia/Shanghai（本证据包中的所有时间）", "拒付通知", "01-delivery.pdf"])
      expect(zh).toContain(expected);
    expect(zh).toMatch(/\d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2}/);
    expect(zh).not.toContain("?");
    // A zone or language that does not exist is refused, not guessed.
    const bad = await page.request.get(`/api/chargebacks/${opened.id}/pack.pdf?timeZone=Mars/Olympus`);
    expect(bad.status()).toBe(422);

    // The list leads to the case, with its owner.
    await page.goto(`/chargebacks?q=${opened.id}`);
    await expect(page.getByTestId("chargeback").getByTestId("owner")).toContainText(ROLE_USERS.manager.name);
    await page.getByTestId("case-link").click();
    await expect(page).toHaveURL(new RegExp(`${casePath}$`));

    // Lost is the sixth status: a second dispute on the charge ends there.
    const second = await sandboxControl("POST", "/__sandbox/chargebacks", { charge_id: charge.id, amount: 1000 });
    for (let i = 0; i < 3; i++)
      await sandboxControl("POST", `/__sandbox/chargebacks/${second.id}/advance`, { outcome: "Lost" });
    await expect(async () => {
      await page.goto(`/chargebacks/${second.id}`);
      await expect(page.getByTestId("history")).toContainText("Lost", { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByTestId("at-risk")).toHaveText("€0.00");

    // Finance reads the case and downloads the pack but cannot work it.
    const financePage = await finance.newPage();
    await financePage.goto(casePath);
    await expect(financePage.getByTestId("notes")).toContainText(`Proof of delivery sent ${run}`);
    await expect(financePage.getByRole("button", { name: "Add note" })).toHaveCount(0);
    const refused = await finance.request.post(`/api/chargebacks/${opened.id}/notes`, {
      headers: { Origin: baseURL! },
      data: { body: "not mine to write" },
    });
    expect(refused.status()).toBe(403);
    expect((await finance.request.get(`/api/chargebacks/${opened.id}/pack.pdf`)).status()).toBe(200);
    await finance.close();
  });

  test("a case past its respond-by date is on the managers' home page (sandbox clock)", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    // An admin shortens the window for "Request For Information" to three days in Settings.
    const admin = await browser.newContext({ storageState: storageStateFor("admin"), baseURL });
    const settings = await admin.newPage();
    await settings.goto("/settings");
    await settings.getByLabel("Request For Information (days)").fill("3");
    await settings.getByRole("button", { name: "Save response windows" }).click();
    await expect(settings.getByTestId("response-window-message")).toHaveText("Response windows saved.");
    await admin.close();
    const finance = await browser.newContext({ storageState: storageStateFor("finance"), baseURL });
    const charge = await consoleCharge(finance.request, baseURL!, { amount: 4100, consumer: `CUST-LATE-${run}` });
    await finance.close();
    // Opened and asked for information five days ago; the window for that status is three days.
    await sandboxControl("POST", "/__sandbox/clock/rewind", { seconds: 5 * 86_400 });
    let id = "";
    try {
      id = (await sandboxControl("POST", "/__sandbox/chargebacks", { charge_id: charge.id })).id;
      await sandboxControl("POST", `/__sandbox/chargebacks/${id}/advance`, {});
    } finally {
      await sandboxControl("POST", "/__sandbox/clock/reset");
    }
    await expect(async () => {
      await page.goto("/");
      await expect(page.getByTestId("chargeback-deadlines").getByRole("link", { name: id })).toBeVisible({
        timeout: 1000,
      });
    }).toPass({ timeout: 20_000 });
    const row = page.getByTestId("due-case").filter({ hasText: id });
    await expect(row).toContainText("Request For Information");
    await expect(row.getByTestId("days-left")).toHaveText("2 days overdue");
    await row.getByRole("link", { name: id }).click();
    await expect(page.getByTestId("respond-by").getByTestId("days-left")).toHaveText("2 days overdue");
  });

  // Issue 48, item 7: tied by hand to one charge, listed by the provider under another, it stayed
  // on the first with no sign.
  test("a chargeback tied by hand to another charge than the one the provider lists shows it, and moves in one press", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const finance = await browser.newContext({ storageState: storageStateFor("finance"), baseURL });
    const [listed, wrong] = [
      await consoleCharge(finance.request, baseURL!, { amount: 3100, consumer: `CUST-TIE-${run}` }),
      await consoleCharge(finance.request, baseURL!, { amount: 3100, consumer: `CUST-TIE-${run}` }),
    ];
    const opened = await sandboxControl("POST", "/__sandbox/chargebacks", { charge_id: listed.id });
    await expect(async () => {
      expect(await sql("SELECT 1 FROM chargebacks WHERE id = $1", [opened.id])).toHaveLength(1);
    }).toPass({ timeout: 20_000 });
    // As if a manager had tied it by hand before any inquiry listed it.
    await sql("UPDATE chargebacks SET charge_id = $2 WHERE id = $1", [opened.id, wrong.id]);
    const refresh = await finance.request.post(`/api/transactions/${listed.id}/refresh`, {
      headers: { Origin: baseURL! },
    });
    expect(refresh.status(), await refresh.text()).toBe(200);
    await finance.close();

    await page.goto(`/chargebacks/${opened.id}`);
    const conflict = page.getByTestId("tie-conflict");
    await expect(conflict).toContainText(`lists this chargeback under charge ${listed.id}`);
    await expect(conflict).toContainText(`tied to charge ${wrong.id} by hand`);
    await conflict.getByTestId("retie").click();
    await expect(conflict).toHaveCount(0);
    await expect(page.getByRole("link", { name: listed.id })).toBeVisible();
  });

  test("the summary names its months as a person reads them, not as 2026-01", async ({ page }) => {
    const year = new Date().getUTCFullYear();
    await page.goto(`/chargebacks/summary?from=${year}-01&to=${year}-12`);
    await expect(page.getByTestId("summary-zone")).toContainText(`from Jan ${year} to Dec ${year}`);
    // The cases above were opened this month: their row names it the same way.
    const month = new Intl.DateTimeFormat("en", { year: "numeric", month: "short", timeZone: "UTC" }).format(
      new Date(),
    );
    await expect(page.getByTestId("by-month")).toContainText(month);
    await expect(page.getByTestId("by-month")).not.toContainText(/\d{4}-\d{2}/);
  });
});
