import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { can, ROLES, type Permission } from "../lib/auth/permissions";
import { ROLE_USERS, sql, storageStateFor } from "./support/users";
import { stepUpApi } from "./support/sign-in";

// Every API route with the permission it must demand. A route file that is not listed
// here fails the first test, so a new route cannot skip this suite.
type Route = {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** The route with {param} placeholders, as under app/api. */
  path: string;
  permission: Permission | "signed-in" | "public";
  /** A body that passes validation, so an unknown id is looked up rather than refused for the body. */
  body?: unknown;
};

const ROUTES: Route[] = [
  { method: "GET", path: "/api/chargebacks", permission: "chargebacks.read" },
  { method: "GET", path: "/api/chargebacks/export.csv", permission: "chargebacks.read" },
  { method: "POST", path: "/api/charges", permission: "charges.create" },
  {
    method: "POST",
    path: "/api/charges/{chargeToken}/confirm",
    permission: "charges.create",
    body: { amount: 1000, currency: "USD" },
  },
  { method: "GET", path: "/api/consults", permission: "charges.create" },
  { method: "POST", path: "/api/customs/bulk", permission: "customs.declare" },
  { method: "GET", path: "/api/customs/declarations", permission: "customs.read" },
  { method: "POST", path: "/api/customs/declarations", permission: "customs.declare" },
  { method: "GET", path: "/api/customs/declarations/export.csv", permission: "customs.read" },
  { method: "GET", path: "/api/customs/declarations/{id}", permission: "customs.read" },
  { method: "POST", path: "/api/customs/declarations/{id}/inquire", permission: "customs.declare" },
  {
    method: "POST",
    path: "/api/customs/declarations/{id}/sub-orders/{subId}/resubmit",
    permission: "customs.declare",
    body: { subOrderNo: "SUB-SEC-1" },
  },
  { method: "GET", path: "/api/customs/parent", permission: "customs.read" },
  { method: "GET", path: "/api/audit/export.csv", permission: "audit.read" },
  { method: "GET", path: "/api/me", permission: "signed-in" },
  { method: "POST", path: "/api/me/password", permission: "signed-in" },
  { method: "POST", path: "/api/me/mfa/setup", permission: "signed-in" },
  { method: "POST", path: "/api/me/mfa/confirm", permission: "signed-in" },
  { method: "POST", path: "/api/me/step-up", permission: "signed-in" },
  { method: "GET", path: "/api/me/sessions", permission: "signed-in" },
  { method: "DELETE", path: "/api/me/sessions", permission: "signed-in" },
  { method: "GET", path: "/api/operations", permission: "transactions.read" },
  { method: "GET", path: "/api/operations/{id}", permission: "transactions.read" },
  { method: "POST", path: "/api/operations/{id}/approve", permission: "refunds.approve", body: { comment: "ok" } },
  { method: "POST", path: "/api/operations/{id}/reject", permission: "refunds.approve", body: { comment: "no" } },
  { method: "GET", path: "/api/payment-links", permission: "charges.create" },
  { method: "POST", path: "/api/payment-links", permission: "charges.create" },
  { method: "GET", path: "/api/payment-links/{id}", permission: "charges.create" },
  { method: "GET", path: "/api/reports/summary.csv", permission: "reports.read" },
  { method: "GET", path: "/api/pending-changes", permission: "users.manage" },
  { method: "POST", path: "/api/pending-changes/{id}/approve", permission: "users.manage" },
  { method: "POST", path: "/api/pending-changes/{id}/reject", permission: "users.manage" },
  { method: "POST", path: "/api/pending-changes/{id}/withdraw", permission: "users.manage" },
  { method: "GET", path: "/api/settings", permission: "settings.manage" },
  { method: "PATCH", path: "/api/settings", permission: "settings.manage" },
  { method: "PUT", path: "/api/settings/credentials/{name}", permission: "settings.manage" },
  { method: "POST", path: "/api/settings/test-connection", permission: "settings.manage" },
  { method: "GET", path: "/api/transactions", permission: "transactions.read" },
  { method: "GET", path: "/api/transactions/export.csv", permission: "transactions.read" },
  { method: "POST", path: "/api/transactions/import", permission: "transactions.read" },
  { method: "GET", path: "/api/transactions/{id}", permission: "transactions.read" },
  { method: "POST", path: "/api/transactions/{id}/cancel", permission: "money.move", body: {} },
  { method: "POST", path: "/api/transactions/{id}/captures", permission: "money.move", body: { amount: 100 } },
  { method: "GET", path: "/api/transactions/{id}/operations", permission: "transactions.read" },
  { method: "POST", path: "/api/transactions/{id}/refresh", permission: "transactions.read" },
  {
    method: "POST",
    path: "/api/transactions/{id}/refunds",
    permission: "money.move",
    body: { amount: 100, reason: "fraud" },
  },
  { method: "GET", path: "/api/users", permission: "users.manage" },
  { method: "POST", path: "/api/users", permission: "users.manage" },
  { method: "PATCH", path: "/api/users/{id}", permission: "users.manage", body: { name: "Nobody" } },
  { method: "POST", path: "/api/users/{id}/password-reset", permission: "users.manage" },
  { method: "POST", path: "/api/users/{id}/mfa-reset", permission: "users.manage" },
  { method: "GET", path: "/api/vault", permission: "vault.read" },
  { method: "POST", path: "/api/vault", permission: "vault.manage" },
  { method: "GET", path: "/api/vault/{token}", permission: "vault.read" },
  { method: "DELETE", path: "/api/vault/{token}", permission: "vault.manage" },
  { method: "GET", path: "/api/webhooks", permission: "webhooks.read" },
  { method: "GET", path: "/api/webhooks/{id}", permission: "webhooks.read" },
  { method: "POST", path: "/api/webhooks/{id}/reapply", permission: "webhooks.manage" },
  { method: "POST", path: "/api/webhooks/{id}/resync", permission: "webhooks.manage" },
  { method: "POST", path: "/api/webhooks/upi", permission: "public" },
  { method: "GET", path: "/api/health", permission: "public" },
  { method: "GET", path: "/api/ready", permission: "public" },
  // Public to the session layer: its own bearer token (METRICS_TOKEN) guards it, 404 when unset.
  { method: "GET", path: "/api/metrics", permission: "public" },
];

// Ids of the right shape that exist nowhere, and ids of no acceptable shape at all.
const UNKNOWN: Record<string, () => string> = {
  id: () => randomUUID(),
  subId: () => randomUUID(),
  chargeToken: () => "ct_doesnotexist0000",
  token: () => "tok_doesnotexist0000",
  name: () => "private-key",
};
// Where {id} is not a UUID: transaction ids are opaque strings, notification ids numbers.
const UNKNOWN_ID_BY_PREFIX: [string, string][] = [
  ["/api/transactions/{id}", "ch_doesnotexist0000"],
  ["/api/webhooks/{id}", "999999999"],
];
const unknownFor = (path: string) => (param: string) =>
  (param === "id" ? UNKNOWN_ID_BY_PREFIX.find(([prefix]) => path.startsWith(prefix))?.[1] : undefined) ??
  UNKNOWN[param]!();
const MALFORMED = ["bad%20id%21", "%27%3B--", "x".repeat(300)];

const fill = (path: string, value: (param: string) => string) => path.replace(/\{(\w+)\}/g, (_, p: string) => value(p));

/** The route files under app/api with the methods each exports, and the webhook intake, as "METHOD /api/…" lines. */
function declaredRoutes(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const full = join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else if (entry === "route.ts") {
        const path = `/${dir.replace(/^app\//, "").replace(/\[(\w+)\]/g, "{$1}")}`;
        if (path.startsWith("/api/auth/")) continue; // next-auth's own endpoints (CSRF-protected)
        for (const m of readFileSync(full, "utf8").matchAll(
          /export (?:const|async function|function) (GET|POST|PUT|PATCH|DELETE)\b/g,
        ))
          found.push(`${m[1]} ${path}`);
      }
    }
  };
  walk("app/api");
  // Answered by the console's server in front of Next.js (server/intake.ts), not a route file.
  found.push("POST /api/webhooks/upi");
  return found.sort();
}

async function deniedCount(email: string, sinceId: number): Promise<number> {
  const [row] = await sql<{ n: string }>(
    "SELECT count(*) AS n FROM audit_log WHERE actor_email = $1 AND result = 'denied' AND id > $2",
    [email, sinceId],
  );
  return Number(row?.n ?? 0);
}
async function lastAuditId(): Promise<number> {
  const [row] = await sql<{ id: string }>("SELECT coalesce(max(id), 0) AS id FROM audit_log");
  return Number(row?.id ?? 0);
}

function call(request: APIRequestContext, baseURL: string, route: Route, path: string) {
  return request.fetch(path, {
    method: route.method,
    headers: { Origin: baseURL, "Idempotency-Key": randomUUID() },
    ...(route.method === "GET" ? {} : { data: route.body ?? {} }),
  });
}

test("the route table lists every API route the console has", () => {
  expect(ROUTES.map((r) => `${r.method} ${r.path}`).sort()).toEqual(declaredRoutes());
});

for (const role of ROLES) {
  test.describe(`${role} without the permission`, () => {
    test.use({ storageState: storageStateFor(role) });

    test("gets 403 from every money-moving and admin route, and each refusal is audited", async ({
      request,
      baseURL,
    }) => {
      const since = await lastAuditId();
      const refused = ROUTES.filter(
        (r) => r.permission !== "public" && r.permission !== "signed-in" && !can(role, r.permission),
      );
      expect(refused.length).toBeGreaterThan(0);
      for (const route of refused) {
        const res = await call(
          request,
          baseURL!,
          route,
          fill(route.path, (p) => UNKNOWN[p]!()),
        );
        expect(res.status(), `${route.method} ${route.path}`).toBe(403);
        expect((await res.json()).error.message).toBe("Your role does not allow this.");
      }
      expect(await deniedCount(ROLE_USERS[role].email, since)).toBe(refused.length);
    });
  });
}

test.describe("unknown and malformed ids", () => {
  // Each route is called by a role that has its permission (admins and managers step up first).
  for (const role of ROLES) {
    test(`answer 400 or 404, never 500 (${role}'s routes)`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ storageState: storageStateFor(role), baseURL });
      if (role === "admin" || role === "manager") await stepUpApi(context.request, baseURL!, ROLE_USERS[role].email);
      const mine = ROUTES.filter(
        (r) =>
          r.path.includes("{") && r.permission !== "public" && r.permission !== "signed-in" && can(role, r.permission),
      );
      for (const route of mine) {
        if (route.path === "/api/settings/credentials/{name}") continue; // an unknown name is the malformed case below
        const unknown = fill(route.path, unknownFor(route.path));
        const res = await call(context.request, baseURL!, route, unknown);
        expect(res.status(), `${route.method} ${unknown}: ${await res.text()}`).toBe(404);
        for (const bad of MALFORMED) {
          const res = await call(
            context.request,
            baseURL!,
            route,
            fill(route.path, () => bad),
          );
          expect([400, 404], `${route.method} ${route.path} with ${bad.slice(0, 20)}: ${await res.text()}`).toContain(
            res.status(),
          );
        }
      }
      await context.close();
    });
  }
});

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
