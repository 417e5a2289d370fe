import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { openForm } from "./support/forms";
import { sandboxCall, sandboxControl } from "./support/sandbox";
import { sql, storageStateFor } from "./support/users";

// Issue 33, small things people noticed: each checked as the person met it.

async function importedCharge(request: import("@playwright/test").APIRequestContext, baseURL: string, method = "card") {
  const c = await sandboxCall("POST", "/v1/charges", {
    transaction: {
      reference: `e2e-small-${randomUUID().slice(0, 8)}`,
      amount: 5000,
      currency: method === "wechatpay" ? "CNY" : "USD",
      country: method === "wechatpay" ? "CN" : "US",
      auto_capture: true,
    },
    payment:
      method === "card" ? { method, data: { pan: "4111111111111111", expiry: "12/30", cvv: "123" } } : { method },
  });
  if (method !== "card") await sandboxControl("POST", `/__sandbox/payments/${c.id}/complete`);
  const res = await request.post("/api/transactions/import", { headers: { Origin: baseURL }, data: { id: c.id } });
  expect(res.status()).toBe(201);
  return c as { id: string; reference: string };
}

test.describe("finance", () => {
  test.use({ storageState: storageStateFor("finance") });

  test("a long note (2,000 characters, the most a note takes) is collapsed until asked for", async ({
    page,
    baseURL,
  }) => {
    const c = await importedCharge(page.request, baseURL!);
    const long = `Called the card holder. ${"The parcel went back to the warehouse. ".repeat(60)}`.slice(0, 2000);
    const added = await page.request.post(`/api/transactions/${c.id}/notes`, {
      headers: { Origin: baseURL! },
      data: { body: long },
    });
    expect(added.status(), await added.text()).toBeLessThan(300);
    await openForm(page, `/transactions/${c.id}`);
    const more = page.getByRole("button", { name: "Show all 2,000 characters" });
    await expect(more).toHaveAttribute("aria-expanded", "false");
    const text = page.getByText("Called the card holder.");
    const collapsed = (await text.boundingBox())!.height;
    await more.click();
    await expect(page.getByRole("button", { name: "Show less" })).toHaveAttribute("aria-expanded", "true");
    expect((await text.boundingBox())!.height).toBeGreaterThan(collapsed * 2);
  });

  test("a CSV export is named by the exporting person's clock", async ({ page, baseURL }) => {
    const [finance] = await sql<{ id: string; time_zone: string | null }>(
      "SELECT id, time_zone FROM users WHERE email = (SELECT email FROM users WHERE role = 'finance' ORDER BY created_at LIMIT 1)",
    );
    await sql("UPDATE users SET time_zone = 'Pacific/Kiritimati' WHERE id = $1", [finance!.id]);
    try {
      const res = await page.request.get("/api/transactions/export.csv?limit=1", { headers: { Origin: baseURL! } });
      expect(res.status()).toBe(200);
      const name = /filename="?([^";]+)/.exec(res.headers()["content-disposition"] ?? "")?.[1] ?? "";
      // Kiritimati is UTC+14: its date is a day ahead of UTC's for most of the day, its hour always 14 ahead.
      const local = new Intl.DateTimeFormat("en-CA", {
        timeZone: "Pacific/Kiritimati",
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        hourCycle: "h23",
      })
        .format(new Date())
        .replace(", ", "-");
      expect(name.startsWith(`transactions-${local}`), `${name} vs ${local}`).toBe(true);
    } finally {
      await sql("UPDATE users SET time_zone = $2 WHERE id = $1", [finance!.id, finance!.time_zone]);
    }
  });
});

test.describe("ops", () => {
  test.use({ storageState: storageStateFor("ops") });

  test("'already declared' links to the declaration Customs already has", async ({ page, baseURL }) => {
    const c = await importedCharge(page.request, baseURL!, "wechatpay");
    const body = {
      transactionId: c.id,
      vendor: "wechatpay",
      paymentType: "Online",
      merchantCustomsCode: "MC-SMALL",
      merchantCustomsName: "Small things shop",
      customsLocation: "HANGZHOU",
    };
    const first = await page.request.post("/api/customs/declarations", {
      headers: { Origin: baseURL!, "Idempotency-Key": randomUUID() },
      data: body,
    });
    expect(first.status(), await first.text()).toBeLessThan(300);
    const { declaration } = (await first.json()) as { declaration: { id: string } };
    await openForm(page, `/customs/new?transaction=${c.id}`);
    await expect(page.getByTestId("parent")).toContainText("¥50.00");
    await page.getByLabel("Customs location").fill("HANGZHOU");
    await page.getByLabel("Merchant customs code").fill("MC-SMALL");
    await page.getByLabel("Merchant customs name").fill("Small things shop");
    await page.getByRole("button", { name: "Declare", exact: true }).click();
    const link = page.getByTestId("existing-declaration");
    await expect(link).toHaveAttribute("href", `/customs/${declaration.id}`);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/customs/${declaration.id}$`));
  });
});

test.describe("ops, a declaration typed and not sent", () => {
  test.use({ storageState: storageStateFor("ops") });

  test("a reload asks first, and staying keeps what was typed", async ({ page, baseURL }) => {
    const c = await importedCharge(page.request, baseURL!, "wechatpay");
    await openForm(page, `/customs/new?transaction=${c.id}`);
    await expect(page.getByTestId("parent")).toContainText("¥50.00");
    await page.getByLabel("Customs location").click();
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.type("NINGBO");
    const asked = new Promise<string>((resolve) =>
      page.once("dialog", async (dialog) => {
        resolve(dialog.type());
        await dialog.dismiss();
      }),
    );
    void page.reload().catch(() => undefined);
    expect(await asked).toBe("beforeunload");
    await expect(page.getByLabel("Customs location")).toHaveValue("NINGBO");
  });
});

test.describe("manager", () => {
  test.use({ storageState: storageStateFor("manager") });

  test("Approvals' recently decided refunds have column headers", async ({ page }) => {
    await page.goto("/approvals");
    const decided = page.getByTestId("decided");
    if ((await decided.count()) === 0) test.skip(true, "nothing decided yet in this run");
    await expect(decided.getByRole("columnheader")).toHaveText([
      "Decided",
      "Refund on charge",
      "Refund",
      "Status",
      "Asked by → decided by",
      "Comment",
    ]);
  });
});
