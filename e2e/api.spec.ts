import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { ROLE_USERS, storageStateFor } from "./support/users";
import { stepUpApi } from "./support/sign-in";

test.describe("anonymous API calls", () => {
  test("get 401 JSON", async ({ request }) => {
    const res = await request.get("/api/me");
    expect(res.status()).toBe(401);
    expect(await res.json()).toEqual({
      error: { code: "unauthorized", message: "Sign in to continue. Your session may have ended." },
    });
    expect(res.headers()["cache-control"]).toContain("no-store");
  });
});

test.describe("a role without the permission", () => {
  test.use({ storageState: storageStateFor("ops") });

  test("gets 403 JSON, and the refusal is audited", async ({ request, baseURL }) => {
    const res = await request.get("/api/users");
    expect(res.status()).toBe(403);
    expect((await res.json()).error.code).toBe("forbidden");
    const post = await request.post("/api/users", {
      headers: { Origin: baseURL! },
      data: { email: "x@example.com", name: "X", role: "admin", password: "long-enough-password" },
    });
    expect(post.status()).toBe(403);
  });
});

test.describe("state-changing calls from another origin", () => {
  test.use({ storageState: storageStateFor("admin") });
  const body = { email: "csrf@example.com", name: "CSRF", role: "admin", password: "long-enough-password" };

  for (const [label, headers] of [
    ["a foreign Origin", { Origin: "https://evil.example" }],
    ["Origin: null", { Origin: "null" }],
    ["no Origin", {}],
  ] as const) {
    test(`are refused with ${label}`, async ({ request }) => {
      const res = await request.post("/api/users", { headers, data: body });
      expect(res.status()).toBe(403);
      expect((await res.json()).error.code).toBe("forbidden");
    });
  }

  test("the same call from the console's origin works, and bad input gets 422", async ({ request, baseURL }) => {
    // Creating a user asks for a recent second factor: given here, not left over from another spec.
    await stepUpApi(request, baseURL!, ROLE_USERS.admin.email);
    const bad = await request.post("/api/users", {
      headers: { Origin: baseURL! },
      data: { ...body, email: "not-an-email" },
    });
    expect(bad.status()).toBe(422);
    expect((await bad.json()).error.message).toMatch(/email/i);
    const broken = await request.post("/api/users", {
      headers: { Origin: baseURL!, "Content-Type": "application/json" },
      data: Buffer.from("{not json"),
    });
    expect(broken.status()).toBe(400);
    const ok = await request.post("/api/users", {
      headers: { Origin: baseURL!, "Idempotency-Key": randomUUID() },
      data: { ...body, role: "ops", email: `ok-${Date.now()}@example.com` },
    });
    // (an ops user: a new admin would wait for a second admin, 202 — e2e/security-dual-control.spec.ts)
    expect(ok.status()).toBe(201);
  });

  test("an unknown or malformed user id gets 404 or 400, never 500", async ({ request, baseURL }) => {
    await stepUpApi(request, baseURL!, ROLE_USERS.admin.email);
    const headers = { Origin: baseURL! };
    const malformed = await request.patch("/api/users/not-a-uuid", { headers, data: { disabled: true } });
    expect(malformed.status()).toBe(400);
    const unknown = await request.patch("/api/users/00000000-0000-4000-8000-000000000000", {
      headers,
      data: { disabled: true },
    });
    expect(unknown.status()).toBe(404);
  });
});
