import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { can, ROLES, type Role, presetGrants } from "../lib/platform/auth/permissions";
import { createUser, ROLE_USERS, sql, storageStateFor } from "./support/users";
import { openSession } from "./support/sessions";
import { stepUpApi } from "./support/sign-in";
import { fill, ROUTES, type Route, unknownFor } from "./support/route-table";
import { sandboxRequests } from "./support/sandbox";

// Issue 48: text PostgreSQL cannot store (a NUL, a lone surrogate) passed validation, the
// provider charged, storing failed, and the person got a 500 saying nothing was done. Every
// route that takes text, in every place it takes it (path, query, JSON body, CSV file), refuses
// it with 422 at the field, in the reader's language, before any provider call.

const marker = `unstorable-${Date.now().toString(36)}`;
/** Every kind: a NUL, a lone high and a lone low surrogate (JSON's \ud800 escapes carry them). */
const KINDS = { nul: "\u0000", high: "\ud800", low: "\udc00" };
const bad = (kind: keyof typeof KINDS) => `${marker}${KINDS[kind]}x`;

/** The body with every text in it made unstorable; a body without text gets a text field. */
function poisoned(value: unknown, text: string): unknown {
  if (typeof value === "string") return text;
  if (Array.isArray(value)) return value.map((v) => poisoned(v, text));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, poisoned(v, text)]));
  return value;
}
const withText = (body: unknown, text: string) => {
  const p = poisoned(body ?? {}, text) as Record<string, unknown>;
  return JSON.stringify(p).includes(marker) ? p : { ...p, note: text };
};

const CSV_ROUTES = new Set(["/api/customs/bulk", "/api/refund-batches/csv"]);
/** The routes that read a JSON body, as the API reference states them (a route without one never reads it). */
const OPENAPI = JSON.parse(readFileSync("app/api/openapi.json/openapi.json", "utf8")) as {
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>>;
};
const takesJson = (r: Route) =>
  Boolean(OPENAPI.paths[r.path]?.[r.method.toLowerCase()]?.requestBody?.content["application/json"]);
// Answered by the console's own server in front of Next.js (server/intake.ts): e2e/security-webhooks.spec.ts;
// and liveness, which reads nothing of the request at all.
const skipped = (r: Route) => r.path === "/api/webhooks/upi" || r.path === "/api/health";

/** Who calls each route: the first role whose permission covers it. */
const callerOf = (r: Route): Role =>
  r.permission === "public" || r.permission === "signed-in"
    ? "admin"
    : ROLES.find((role) => can(presetGrants(role), r.permission as never))!;

async function expect422(res: Awaited<ReturnType<APIRequestContext["fetch"]>>, what: string) {
  const text = await res.text();
  expect(res.status(), `${what}: ${text}`).toBe(422);
  const body = JSON.parse(text) as { error: { details?: { fields?: { path: unknown[]; message: string }[] } } };
  expect(body.error.details?.fields?.[0]?.path, what).toBeDefined();
  return body;
}

test("unstorable text is refused with 422 at its field by every route, in path, query, body and file, and reaches no provider", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const contexts = new Map<Role, APIRequestContext>();
  for (const role of ROLES) {
    const context = await browser.newContext({ storageState: storageStateFor(role), baseURL });
    await stepUpApi(context.request, baseURL!, ROLE_USERS[role].email);
    contexts.set(role, context.request);
  }
  const headers = { Origin: baseURL!, "Idempotency-Key": randomUUID() };
  let tried = 0;
  for (const route of ROUTES.filter((r) => !skipped(r))) {
    const request = contexts.get(callerOf(route))!;
    const path = fill(route.path, unknownFor(route.path));
    for (const kind of Object.keys(KINDS) as (keyof typeof KINDS)[]) {
      // A query value (and a NUL in a path segment: a URL cannot carry a lone surrogate, only U+FFFD).
      const query = `${path}?q=${encodeURIComponent(bad("nul"))}`;
      if (kind === "nul") {
        await expect422(await request.fetch(query, { method: route.method, headers }), `${route.method} ${query}`);
        tried++;
        if (route.path.includes("{")) {
          const inPath = fill(route.path, () => encodeURIComponent(bad("nul")));
          await expect422(await request.fetch(inPath, { method: route.method, headers }), `${route.method} ${inPath}`);
          tried++;
        }
      }
      if (route.method === "GET") continue;
      if (CSV_ROUTES.has(route.path)) {
        const csv = `reference,amount\norder-1,${bad(kind)}\n`;
        const res = await request.fetch(`${path}?dryRun=1`, {
          method: route.method,
          headers: { ...headers, "Content-Type": "text/csv" },
          data: Buffer.from(csv, "utf8"),
        });
        // Buffer.from writes a lone surrogate as U+FFFD, which is storable: only the NUL is refused.
        if (kind === "nul") {
          const body = await expect422(res, `${route.method} ${path} (file)`);
          expect(body.error.details?.fields?.[0]?.path).toEqual(["file"]);
        } else expect(res.status(), `${route.method} ${path} (file, ${kind})`).not.toBe(500);
        tried++;
        continue;
      }
      if (!takesJson(route)) continue;
      const data = withText(route.body, bad(kind));
      const res = await request.fetch(path, { method: route.method, headers, data });
      await expect422(res, `${route.method} ${path} (${kind} in the body)`);
      tried++;
    }
  }
  expect(tried).toBeGreaterThan(200);
  // Nothing of it reached the payment service or Customs.
  const heard = [...(await sandboxRequests("/")), ...(await sandboxRequests("/v1"))];
  expect(JSON.stringify(heard)).not.toContain(marker);
});

test("a zh-CN person reads the refusal in Chinese, at the field", async ({ page, baseURL }) => {
  const user = await createUser("finance", "zh-unstorable");
  await sql("UPDATE users SET locale = 'zh-CN', time_zone = 'Asia/Shanghai' WHERE id = $1", [user.id]);
  await openSession(page, user.email);
  const res = await page.request.post("/api/charges", {
    headers: { Origin: baseURL!, "Idempotency-Key": randomUUID() },
    data: {
      amount: 1500,
      currency: "USD",
      method: "card",
      consumer: { reference: "cust\u0000x" },
      card: { pan: "4111111111111111", expiry: "12/30", cvv: "123" },
    },
  });
  expect(res.status()).toBe(422);
  const { error } = await res.json();
  expect(error.details.fields).toEqual([
    { path: ["consumer", "reference"], message: expect.stringContaining("空字符") },
  ]);
  expect(error.message).toContain("空字符");
});
