import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { ROLE_USERS, sql, storageStateFor } from "./support/users";

// What a session is and what it takes: the Origin check, no session from a forged cookie or
// header, the security headers, and a fresh code before approving.

test.describe("cross-site requests", () => {
  test.use({ storageState: storageStateFor("finance") });

  test("a POST from another site, with Origin null, or without Origin is refused before anything happens", async ({
    request,
  }) => {
    const count = async () => Number((await sql<{ n: string }>("SELECT count(*) AS n FROM ledger_transactions"))[0]!.n);
    const before = await count();
    for (const origin of ["https://evil.example", "null", undefined]) {
      const res = await request.post("/api/charges", {
        headers: { "Idempotency-Key": randomUUID(), ...(origin === undefined ? {} : { Origin: origin }) },
        data: { amount: 100, currency: "USD", method: "card" },
      });
      expect(res.status(), `Origin ${origin}`).toBe(403);
      expect((await res.json()).error.message).toContain("Origin check failed");
    }
    expect(await count()).toBe(before);
  });
});

test.describe("without a valid session", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test("x-middleware-subrequest does not skip the session check, on pages or the API", async ({ request }) => {
    for (const value of [
      "middleware",
      "proxy",
      "middleware:middleware:middleware:middleware:middleware",
      "src/middleware",
      "proxy:proxy:proxy:proxy:proxy",
    ]) {
      const headers = { "x-middleware-subrequest": value };
      const api = await request.get("/api/transactions", { headers });
      expect(api.status()).toBe(401);
      const page = await request.get("/users", { headers, maxRedirects: 0 });
      expect(page.status(), `page with ${value}`).toBe(307);
      expect(page.headers().location).toContain("/login");
    }
  });

  test("a tampered or foreign session cookie is no session", async ({ browser, baseURL }) => {
    const state = JSON.parse(readFileSync(storageStateFor("finance"), "utf8")) as {
      cookies: { name: string; value: string }[];
    };
    const session = state.cookies.find((c) => c.name.endsWith("next-auth.session-token"))!;
    const at = Math.floor(session.value.length / 2);
    const tampered = session.value.slice(0, at) + (session.value[at] === "a" ? "b" : "a") + session.value.slice(at + 1);
    for (const value of [tampered, session.value.slice(0, -4), "eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0."]) {
      const context = await browser.newContext({
        storageState: {
          cookies: [{ ...(session as unknown as Record<string, unknown>), value } as never],
          origins: [],
        },
        baseURL,
      });
      expect((await context.request.get("/api/me")).status()).toBe(401);
      const page = await context.newPage();
      await page.goto("/transactions");
      await expect(page).toHaveURL(/\/login/);
      await context.close();
    }
  });
});

test.describe("headers", () => {
  test.use({ storageState: storageStateFor("finance") });

  test("pages and API answers carry the security policy, are never cached, and the session cookie is HttpOnly", async ({
    page,
    request,
  }) => {
    for (const path of ["/transactions", "/api/transactions", "/login"]) {
      const res = await request.get(path);
      const csp = res.headers()["content-security-policy"] ?? "";
      for (const directive of [
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
        "default-src 'self'",
      ]) {
        expect(csp, `${path} CSP`).toContain(directive);
      }
      expect(res.headers()["cache-control"], `${path} Cache-Control`).toContain("no-store");
      expect(res.headers()["x-content-type-options"]).toBe("nosniff");
    }
    await page.goto("/transactions");
    const cookie = (await page.context().cookies()).find((c) => c.name.endsWith("next-auth.session-token"))!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe("Lax");
    // A page with money data under the policy still works: no script was blocked.
    const blocked: string[] = [];
    page.on("console", (m) => m.text().includes("Content Security Policy") && blocked.push(m.text()));
    await page.reload();
    await expect(page.getByRole("heading", { name: "Transactions" })).toBeVisible();
    expect(blocked).toEqual([]);
  });
});

test.describe("step-up", () => {
  test.use({ storageState: storageStateFor("manager") });

  test("approving needs a fresh code in this session: without it 403, audited", async ({ request, baseURL }) => {
    // A new session of the manager has not stepped up.
    await sql("UPDATE sessions SET stepped_up_at = NULL WHERE user_id = (SELECT id FROM users WHERE email = $1)", [
      ROLE_USERS.manager.email,
    ]);
    const res = await request.post(`/api/operations/${randomUUID()}/approve`, {
      headers: { Origin: baseURL! },
      data: { comment: "ok" },
    });
    expect(res.status()).toBe(403);
    expect((await res.json()).error.details.required).toBe("step_up");
    const [row] = await sql<{ reason: string }>(
      "SELECT reason FROM audit_log WHERE actor_email = $1 AND action = 'refund.approve' ORDER BY id DESC LIMIT 1",
      [ROLE_USERS.manager.email],
    );
    expect(row?.reason).toBe("fresh authentication code required");
    const wrong = await request.post("/api/me/step-up", { headers: { Origin: baseURL! }, data: { code: "000000" } });
    expect(wrong.status()).toBe(422);
  });
});
