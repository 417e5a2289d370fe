import { expect, test } from "@playwright/test";
import { can, type Permission, ROLES, presetGrants } from "../lib/platform/auth/permissions";
import { ROLE_USERS, storageStateFor } from "./support/users";
import { stepUpApi } from "./support/sign-in";
import {
  call,
  declaredRoutes,
  deniedCount,
  fill,
  lastAuditId,
  MALFORMED,
  ROUTES,
  UNKNOWN,
  unknownFor,
} from "./support/route-table";
import { FIELD_ROWS, type FieldSeed, fieldPath, seedFieldRows } from "./support/field-table";
import { createUser, sql } from "./support/users";
import { sessionState } from "./support/sessions";

// Every API route against every role (e2e/support/route-table.ts lists them with the permission
// each demands): refused without it, audited, and never a 500 for an id that is unknown or malformed.

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
        (r) => r.permission !== "public" && r.permission !== "signed-in" && !can(presetGrants(role), r.permission),
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
          r.path.includes("{") &&
          r.permission !== "public" &&
          r.permission !== "signed-in" &&
          can(presetGrants(role), r.permission),
      );
      for (const route of mine) {
        // A credential's name and a chat channel's team are one of a fixed few: an unknown one is the malformed case below.
        if (route.path === "/api/settings/credentials/{name}" || route.path.startsWith("/api/settings/chat/")) continue;
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

// Field-level rows (issue 30, item 6): a view a role may open gives a guarded field only to
// roles whose permission covers it (ops has no vault.read; only charges.create confirms).
test.describe("field-level permission", () => {
  let seed: FieldSeed;
  test.beforeAll(async () => {
    seed = await seedFieldRows((text, values) => sql(text, values));
  });

  for (const role of ROLES) {
    test(`${role} reads each guarded field only with its permission`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ storageState: storageStateFor(role), baseURL });
      for (const row of FIELD_ROWS.filter((r) => can(presetGrants(role), r.view))) {
        const path = fieldPath(row, seed);
        const res = await context.request.get(path);
        expect(res.status(), `${role} ${path}`).toBe(200);
        const text = await res.text();
        const allowed = row.permission !== "nobody" && can(presetGrants(role), row.permission);
        expect(text.includes(seed[row.secret]), `${row.secret} in ${path} for ${role}`).toBe(allowed);
      }
      await context.close();
    });
  }
});

// Issue 51, item 3: a role the merchant made is read by its permissions, never its name. A
// read-only auditor (transactions.read and customs.read) reaches exactly those routes, and
// pages, of the whole table, and reads only the fields they cover.
test.describe("a read-only auditor, a role the merchant made", () => {
  const AUDITOR = ["customs.read", "transactions.read"] as const;
  const grants = { permissions: AUDITOR };
  let email = "";
  test.beforeAll(async () => {
    await sql(
      "INSERT INTO roles (key, name, permissions, updated_at) VALUES ('auditor', 'Auditor', $1, now()) ON CONFLICT (key) DO NOTHING",
      [AUDITOR],
    );
    email = (await createUser("auditor")).email;
  });

  test("reaches exactly the routes and fields its permissions name, each refusal audited", async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ storageState: await sessionState(email, baseURL!), baseURL });
    const since = await lastAuditId();
    const guarded = ROUTES.filter((r) => r.permission !== "public" && r.permission !== "signed-in");
    for (const route of guarded) {
      const res = await call(context.request, baseURL!, route, fill(route.path, unknownFor(route.path)));
      const refused = res.status() === 403 && (await res.json()).error.message === "Your role does not allow this.";
      expect(refused, `${route.method} ${route.path}`).toBe(!can(grants, route.permission as Permission));
    }
    expect(await deniedCount(email, since)).toBe(
      guarded.filter((r) => !can(grants, r.permission as Permission)).length,
    );
    const seed = await seedFieldRows((text, values) => sql(text, values));
    for (const row of FIELD_ROWS.filter((r) => can(grants, r.view))) {
      const text = await (await context.request.get(fieldPath(row, seed))).text();
      const allowed = row.permission !== "nobody" && can(grants, row.permission);
      expect(text.includes(seed[row.secret]), `${row.secret} in ${row.path}`).toBe(allowed);
    }
    expect((await context.request.get("/transactions")).status()).toBe(200);
    expect((await context.request.get("/audit")).status()).toBe(403);
    await context.close();
  });
});
