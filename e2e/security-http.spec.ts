import http from "node:http";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { createUser, PASSWORD, ROLE_USERS, sql, storageStateFor } from "./support/users";
import { sandboxCall, sandboxControl } from "./support/sandbox";
import { SIGN_IN_ERRORS } from "../lib/auth/sign-in-errors";

// Issue 17 over real HTTP, against the production server (dist/server.mjs, server/main.ts):
// request bodies counted before they are read, the redirect after sign-in, CSV exports a
// spreadsheet opens safely, and a client address no header can forge.

const run = Date.now().toString(36);
const MB = 1024 * 1024;
const REAL_ADDRESSES = ["127.0.0.1", "::1"];

const cookieHeader = (role: keyof typeof ROLE_USERS) =>
  (JSON.parse(readFileSync(storageStateFor(role), "utf8")).cookies as { name: string; value: string }[])
    .map((c) => `${c.name}=${c.value}`)
    .join("; ");

/** A raw request, so the body can be sent in chunks without a Content-Length. */
function chunkedPost(baseURL: string, path: string, headers: Record<string, string>, bytes: number) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      new URL(path, baseURL),
      { method: "POST", headers: { ...headers, "Transfer-Encoding": "chunked" } },
      (res) => {
        let body = "";
        res.on("data", (c: Buffer) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode!, body }));
      },
    );
    req.on("error", reject);
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    req.write('{"reference":"');
    for (let sent = 0; sent < bytes; sent += chunk.length) req.write(chunk);
    req.end('"}');
  });
}

test.describe("request bodies are counted before they are read", () => {
  test.use({ storageState: storageStateFor("finance") });

  test("a 2 MB JSON body to a POST route is refused with 413 at once, and nothing is written", async ({
    request,
    baseURL,
  }) => {
    const reference = `e2e-413-${run}`;
    const big = JSON.stringify({ amount: 1000, currency: "USD", reference, note: "x".repeat(2 * MB) });
    const started = Date.now();
    const res = await request.post("/api/payment-links", {
      headers: { Origin: baseURL!, "Idempotency-Key": randomUUID(), "Content-Type": "application/json" },
      data: big,
    });
    expect(res.status()).toBe(413);
    expect(await res.json()).toEqual({
      error: { code: "payload_too_large", message: "The request body is larger than 1 MB.", details: { limit: MB } },
    });
    expect(Date.now() - started).toBeLessThan(5_000);

    // Streamed without a declared length: counted as it arrives, the answer still arrives.
    const streamed = await chunkedPost(
      baseURL!,
      "/api/payment-links",
      {
        Cookie: cookieHeader("finance"),
        Origin: baseURL!,
        "Idempotency-Key": randomUUID(),
        "Content-Type": "application/json",
      },
      2 * MB,
    );
    expect(streamed.status).toBe(413);
    expect(JSON.parse(streamed.body).error.code).toBe("payload_too_large");
    expect(await sql("SELECT id FROM payment_links WHERE reference = $1", [reference])).toEqual([]);

    // The same connection pool still works afterwards.
    expect((await request.get("/api/me")).status()).toBe(200);
  });

  test("a 2 MB sign-in form (next-auth's route) is refused with 413", async ({ playwright, baseURL }) => {
    const anonymous = await playwright.request.newContext({ baseURL });
    const { csrfToken } = await (await anonymous.get("/api/auth/csrf")).json();
    const res = await anonymous.post("/api/auth/callback/credentials", {
      headers: { Origin: baseURL! },
      form: { email: ROLE_USERS.finance.email, password: "x".repeat(2 * MB), csrfToken, json: "true" },
    });
    expect(res.status()).toBe(413);
    expect((await res.json()).error.code).toBe("payload_too_large");
    await anonymous.dispose();
  });

  test("a bulk customs CSV over 2 MB is refused with 413", async ({ browser, baseURL }) => {
    const ops = await browser.newContext({ storageState: storageStateFor("ops"), baseURL });
    const csv = `reference,vendor\n${`e2e-bulk-${run},alipay\n`.repeat(Math.ceil((2.2 * MB) / 24))}`;
    const res = await ops.request.post("/api/customs/bulk", {
      headers: { Origin: baseURL!, "Idempotency-Key": randomUUID(), "Content-Type": "text/csv" },
      data: csv,
    });
    expect(res.status()).toBe(413);
    expect((await res.json()).error).toMatchObject({ code: "payload_too_large", details: { limit: 2 * MB } });
    await ops.close();
  });
});

test.describe("the redirect after sign-in stays on the console", () => {
  for (const callback of [
    "/%5Cevil.example",
    "/%09/evil.example",
    "//evil.example",
    "/%2F%2Fevil.example",
    "https://evil.example/",
    "/.//evil.example",
  ]) {
    test(`callbackUrl=${callback}`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
      const page = await context.newPage();
      await page.goto(`/login?callbackUrl=${callback}`);
      await page.getByLabel("Email").fill(ROLE_USERS.finance.email);
      await page.getByLabel("Password").fill(PASSWORD);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByTestId("current-user")).toBeVisible();
      expect(new URL(page.url()).origin).toBe(baseURL);
      expect(new URL(page.url()).pathname).toBe("/");
      // Already signed in, the login page redirects by itself: the same rule.
      await page.goto(`/login?callbackUrl=${callback}`);
      await expect(page.getByTestId("current-user")).toBeVisible();
      expect(new URL(page.url()).origin).toBe(baseURL);
      await context.close();
    });
  }
});

/** next-auth's credentials sign-in, as the login form sends it; null when signed in, else the error. */
async function apiSignIn(
  request: APIRequestContext,
  origin: string,
  email: string,
  password: string,
): Promise<string | null> {
  const { csrfToken } = await (await request.get("/api/auth/csrf")).json();
  const res = await request.post("/api/auth/callback/credentials", {
    headers: { Origin: origin },
    form: { email, password, csrfToken, json: "true", callbackUrl: "/" },
  });
  expect(res.status(), "sign-in answered").toBeLessThan(500);
  expect(res.status(), "Origin accepted").not.toBe(403);
  const { url } = (await res.json().catch(() => ({}))) as { url?: string };
  if (!url) return SIGN_IN_ERRORS.invalid;
  return new URL(url, "http://x").searchParams.get("error");
}

const throttleRows = () =>
  sql<{ key: string; failures: number }>("SELECT key, failures FROM sign_in_throttle WHERE key LIKE 'ip:%'");
const forgetOurAddress = () =>
  sql("DELETE FROM sign_in_throttle WHERE key = ANY($1)", [REAL_ADDRESSES.map((a) => `ip:${a}`)]);

test.describe("the client address is the server's to decide", () => {
  test.afterAll(forgetOurAddress);

  test("forged X-Forwarded-For and x-console-client-ip: the audit row has the real address", async ({
    playwright,
    baseURL,
  }) => {
    await forgetOurAddress();
    const victim = await createUser("finance", "xff");
    const forged = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: {
        "X-Forwarded-For": "203.0.113.66",
        "X-Console-Client-Ip": "203.0.113.77",
        "X-Real-Ip": "203.0.113.88",
      },
    });
    expect(await apiSignIn(forged, baseURL!, victim.email, "not-the-password")).not.toBeNull();
    const rows = await sql<{ ip: string | null }>(
      "SELECT ip FROM audit_log WHERE action = 'auth.sign_in' AND actor_email = $1",
      [victim.email],
    );
    expect(rows).toHaveLength(1);
    expect(REAL_ADDRESSES).toContain(rows[0]!.ip);
    expect((await throttleRows()).filter((r) => r.key.startsWith("ip:203.0.113."))).toEqual([]);
    await forged.dispose();
  });

  test("sign-in failures with a new forged address each still lock the real one, and never a victim's", async ({
    playwright,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await forgetOurAddress();
    // 30 failures per address lock it (lib/auth/throttle.ts), whatever each claims to come from.
    for (let i = 0; i < 30; i++) {
      const forged = await playwright.request.newContext({
        baseURL,
        extraHTTPHeaders: { "X-Forwarded-For": `198.51.100.${i + 1}`, "X-Console-Client-Ip": `198.51.100.${i + 1}` },
      });
      expect(await apiSignIn(forged, baseURL!, `nobody-${run}-${i}@example.com`, "wrong-password")).not.toBeNull();
      await forged.dispose();
    }
    const counted = await throttleRows();
    expect(counted.filter((r) => r.key.startsWith("ip:198.51.100."))).toEqual([]);
    expect(counted.filter((r) => REAL_ADDRESSES.includes(r.key.slice(3))).reduce((n, r) => n + r.failures, 0)).toBe(30);
    // Locked: even a right password from this address, under yet another forged header, is refused.
    const another = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { "X-Forwarded-For": "192.0.2.200" },
    });
    expect(await apiSignIn(another, baseURL!, ROLE_USERS.finance.email, PASSWORD)).toBe(SIGN_IN_ERRORS.throttled);
    await another.dispose();
    await forgetOurAddress();
  });

  test.describe("the Origin check believes no forwarded host from a client", () => {
    test.use({ storageState: storageStateFor("finance") });

    test("a foreign Origin with a matching forged X-Forwarded-Host is refused", async ({ request }) => {
      const res = await request.post("/api/me/step-up", {
        headers: { Origin: "https://evil.example", "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" },
        data: { code: "123456" },
      });
      expect(res.status()).toBe(403);
      expect((await res.json()).error.message).toContain("Origin check failed");
    });
  });
});

// ───────────────────────────── CSV exports ─────────────────────────────

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
    const c = await sandboxCall("POST", "/v1/charges", {
      transaction: { reference, amount: 5000, currency: "CNY", country: "CN", auto_capture: true },
      payment: { method: "wechatpay" },
    });
    await sandboxControl("POST", `/__sandbox/payments/${c.id}/complete`);
    const ops = await browser.newContext({ storageState: storageStateFor("ops"), baseURL });
    expect(
      (
        await ops.request.post("/api/transactions/import", { headers: { Origin: baseURL! }, data: { id: c.id } })
      ).status(),
    ).toBe(201);
    const created = await ops.request.post("/api/customs/declarations", {
      headers: { Origin: baseURL!, "Idempotency-Key": randomUUID() },
      data: {
        transactionId: c.id,
        vendor: "wechatpay",
        paymentType: "Online",
        merchantCustomsCode: "3301960001",
        merchantCustomsName: "Demo Cross-border Trading Co.",
        customsLocation: "HANGZHOU",
        isSplit: true,
        subOrders: [{ subOrderNo: `e2e-csv-${run}-s1`, orderFee: 5000, transportFee: 0, productFee: 5000 }],
      },
    });
    expect(created.status(), await created.text()).toBe(202);
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
