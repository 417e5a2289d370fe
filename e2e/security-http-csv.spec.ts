import { parse } from "csv-parse/sync";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { createUser, storageStateFor } from "./support/users";
import { declareSplit, paidWechatCharge } from "./support/customs";
import { sandboxCall, sandboxControl } from "./support/sandbox";
import { apiSignIn, forgetOurAddress } from "./support/client-address";

// Issue 17 over real HTTP, against the production server (dist/server.mjs, server/main.ts):
// CSV exports a spreadsheet opens safely.

const run = Date.now().toString(36);

const HOSTILE_REFERENCE = `=HYPERLINK("https://evil.example/${run}","open")`;
const HOSTILE_AGENT = `=cmd|' /C calc'!A0 ${run}`;
const FORMULA_START = /^[=+\-@\t\r]/;

async function csvOf(request: APIRequestContext, path: string): Promise<Record<string, string>[]> {
  const res = await request.get(path);
  expect(res.status(), path).toBe(200);
  expect(res.headers()["content-type"]).toContain("text/csv");
  return parse(await res.text(), { columns: true });
}

/** Every cell that a spreadsheet would run: none may be left, except negative amounts. */
function formulaCells(rows: Record<string, string>[]): string[] {
  return rows.flatMap((r) => Object.values(r)).filter((v) => FORMULA_START.test(v) && !/^-\d+(\.\d+)?$/.test(v));
}

test.describe("CSV exports neutralise formula cells (manager)", () => {
  test.use({ storageState: storageStateFor("manager") });

  test("transactions and chargebacks: a reference set by the payment service's side", async ({
    request,
    browser,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    // Made at the payment service directly (another channel of the merchant's), notifying the console.
    const charge = (await sandboxCall("POST", "/v1/charges", {
      transaction: { reference: HOSTILE_REFERENCE, amount: 2_500, currency: "EUR", country: "DE", auto_capture: true },
      payment: { method: "card", data: { pan: "4111111111111111", expiry: "12/30", cvv: "123" } },
      urls: { ipn: `${baseURL}/api/webhooks/upi` },
    })) as { id: string };
    const finance = await browser.newContext({ storageState: storageStateFor("finance"), baseURL });
    expect(
      (
        await finance.request.post("/api/transactions/import", {
          headers: { Origin: baseURL! },
          data: { id: charge.id },
        })
      ).status(),
    ).toBe(201);
    await finance.close();

    const transactions = await csvOf(request, `/api/transactions/export.csv?q=${encodeURIComponent(charge.id)}`);
    expect(transactions.find((r) => r.id === charge.id)?.reference).toBe(`'${HOSTILE_REFERENCE}`);
    expect(formulaCells(transactions)).toEqual([]);

    await sandboxControl("POST", "/__sandbox/chargebacks", { charge_id: charge.id });
    let chargebacks: Record<string, string>[] = [];
    await expect(async () => {
      chargebacks = await csvOf(request, `/api/chargebacks/export.csv?q=${encodeURIComponent(charge.id)}`);
      expect(chargebacks).toHaveLength(1);
    }).toPass({ timeout: 20_000 });
    expect(chargebacks[0]!.reference).toBe(`'${HOSTILE_REFERENCE}`);
    expect(formulaCells(chargebacks)).toEqual([]);
  });

  test("audit: a user agent an unauthenticated sender chose", async ({ request, playwright, baseURL }) => {
    const victim = await createUser("finance", "csv-ua");
    const sender = await playwright.request.newContext({ baseURL, userAgent: HOSTILE_AGENT });
    expect(await apiSignIn(sender, baseURL!, victim.email, "wrong-password")).not.toBeNull();
    await sender.dispose();
    await forgetOurAddress();
    const rows = await csvOf(request, `/api/audit/export.csv?actor=${encodeURIComponent(victim.email)}`);
    const row = rows.find((r) => r.action === "auth.sign_in");
    expect(row?.user_agent).toBe(`'${HOSTILE_AGENT}`);
    expect(formulaCells(rows)).toEqual([]);
  });

  test("customs declarations: the order reference", async ({ request, browser, baseURL }) => {
    test.setTimeout(60_000);
    const reference = `=1+1-${run}`;
    const c = await paidWechatCharge(reference);
    const ops = await browser.newContext({ storageState: storageStateFor("ops"), baseURL });
    await declareSplit(ops.request, baseURL!, c.id, `e2e-csv-${run}-s1`);
    await ops.close();
    const rows = await csvOf(request, `/api/customs/declarations/export.csv?q=${encodeURIComponent(c.id)}`);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]!.reference).toBe(`'${reference}`);
    expect(formulaCells(rows)).toEqual([]);
  });

  test("reports: every cell is a day, a currency, a count or an amount", async ({ request }) => {
    // No text reaches the summary (currencies are three capitals); negative nets stay numbers.
    const rows = await csvOf(request, "/api/reports/summary.csv");
    expect(rows.length).toBeGreaterThan(0);
    expect(formulaCells(rows)).toEqual([]);
    for (const r of rows)
      expect(Object.values(r).every((v) => /^(-?\d+(\.\d+)?|[A-Z]{3}|\d{4}-\d{2}-\d{2})$/.test(v))).toBe(true);
  });
});
