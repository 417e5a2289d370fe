import http from "node:http";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { ROLE_USERS, sql, storageStateFor } from "./support/users";

// Issue 17 over real HTTP, against the production server (dist/server.mjs, server/main.ts):
// request bodies counted before they are read.

const run = Date.now().toString(36);
const MB = 1024 * 1024;

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
