import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as customer } from "@/app/api/customers/[reference]/route";
import { GET as transaction } from "@/app/api/transactions/[id]/route";
import { GET as me } from "@/app/api/me/route";
import { db, pool } from "@/lib/platform/db";
import { can, NO_ACCESS, type Permission, ROLE_PERMISSIONS, ROLES } from "@/lib/platform/auth/permissions";
import { actorFor } from "@/lib/platform/auth/actor";
import { collectRoutes } from "@/lib/platform/api/openapi/collect";
import { approve } from "@/lib/pending-changes/approve";
import { requestRoleUpdate } from "@/lib/pending-changes/requests";
import { notify } from "@/lib/notifications/outbox";
import { hiddenKinds } from "@/lib/notifications/readers";
import { createRole, listRoles, updateRole } from "@/lib/roles/service";
import { FIELD_ROWS, type FieldSeed, fieldPath, seedFieldRows } from "@/e2e/support/field-table";
import { getAs, type RouteHandler, signedInAs } from "@/test/route-session";
import { staffOf } from "@/test/staff";

// Issue 51, item 3: a role is its permissions. A read-only auditor made by an admin reaches
// exactly the API routes its two permissions name (every route under app/api, through the real
// handlers and a real session), reads only the fields they cover, and is told only what they
// cover; a role gaining a permission waits for a second admin like any other loosening.

const AUDITOR: Permission[] = ["customs.read", "transactions.read"];
const run = Date.now().toString(36);
const auditorKey = `auditor-${run}`;
const keeperKey = `keeper-${run}`;
const FORBIDS = "Your role does not allow this.";

async function admin(label: string) {
  const u = await db.user.create({
    data: { email: `${label}-${Date.now()}@example.com`, name: label, role: "admin", passwordHash: "x" },
  });
  return actorFor(staffOf({ id: u.id, email: u.email, name: u.name, role: "admin" }));
}

const call = (handler: RouteHandler, method: string, cookie: string, path: string, params: Record<string, string>) =>
  handler(
    new NextRequest(`http://localhost:3000${path}`, {
      method,
      headers: { host: "localhost:3000", origin: "http://localhost:3000", cookie, "content-type": "application/json" },
      ...(method === "GET" ? {} : { body: "{}" }),
    }),
    { params: Promise.resolve(params) },
  );

let first: Awaited<ReturnType<typeof admin>>;
let auditor: { id: string; cookie: string };
beforeAll(async () => {
  first = await admin("ann");
  await createRole({ key: auditorKey, name: "Auditor", permissions: AUDITOR }, first);
  auditor = await signedInAs(auditorKey);
});

describe("roles are data", () => {
  it("holds the presets as rows with the permissions the code describes", async () => {
    const rows = await db.staffRole.findMany({ where: { preset: true } });
    expect(Object.fromEntries(rows.map((r) => [r.key, [...r.permissions].sort()]))).toEqual(
      Object.fromEntries([...ROLES.map((r) => [r, [...ROLE_PERMISSIONS[r]].sort()]), [NO_ACCESS, []]]),
    );
    expect((await listRoles()).find((r) => r.key === auditorKey)).toMatchObject({ preset: false, users: 1 });
  });

  it("lets a read-only auditor reach exactly the routes of its permissions, each refusal audited", async () => {
    const routes = (await collectRoutes()).filter(
      (r) => r.spec && !["signed-in", "public"].includes(r.spec.permission),
    );
    expect(routes.length).toBeGreaterThan(70);
    const before = await db.auditLog.count({ where: { actorId: auditor.id, result: "denied" } });
    const reached: string[] = [];
    for (const r of routes) {
      const params = Object.fromEntries([...r.path.matchAll(/\{(\w+)\}/g)].map(([, p]) => [p!, "x"]));
      const handler = (await import(pathToFileURL(join(process.cwd(), r.file)).href))[r.method] as RouteHandler;
      const res = await call(handler, r.method, auditor.cookie, r.path.replace(/[{}]/g, ""), params);
      const refused = res.status === 403 && (await res.clone().json()).error?.message === FORBIDS;
      expect(refused, `${r.method} ${r.path} (${r.spec!.permission})`).toBe(
        !AUDITOR.includes(r.spec!.permission as Permission),
      );
      if (!refused) reached.push(`${r.method} ${r.path}`);
    }
    const denied = await db.auditLog.count({ where: { actorId: auditor.id, result: "denied" } });
    expect(denied - before).toBe(routes.length - reached.length);
    expect(reached).toContain("GET /api/transactions");
    expect(reached).toContain("GET /api/customs/declarations");
    expect(reached).not.toContain("GET /api/audit");
  }, 120_000);

  it("shows the auditor only the fields its permissions cover", async () => {
    const seed: FieldSeed = await seedFieldRows((text, values) => pool.query(text, values));
    const handlers: Record<string, [RouteHandler, (s: FieldSeed) => Record<string, string>]> = {
      "/api/transactions/{chargeId}": [transaction, (s) => ({ id: s.chargeId })],
      "/api/customers/{consumer}": [customer, (s) => ({ reference: s.consumer })],
    };
    const rows = FIELD_ROWS.filter(
      (r) => r.kind === "api" && handlers[r.path] && AUDITOR.includes(r.view as Permission),
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const [handler, params] = handlers[row.path]!;
      const text = await (await getAs(handler, auditor.cookie, fieldPath(row, seed), params(seed))).text();
      const allowed = row.permission !== "nobody" && AUDITOR.includes(row.permission as Permission);
      expect(text.includes(seed[row.secret]), `${row.secret} in ${row.path}`).toBe(allowed);
    }
  });

  it("tells the auditor of what its permissions cover, and hides the rest from its bell", async () => {
    await db.$transaction((tx) =>
      notify(tx, {
        kind: "customsRejected",
        params: { reference: "R-1", subOrder: "S-1", customsStatus: "rejected" },
        to: { permission: "customs.read" },
      }),
    );
    expect(await db.notificationDelivery.count({ where: { userId: auditor.id, channel: "console" } })).toBe(1);
    const hidden = hiddenKinds({ permissions: AUDITOR });
    expect(hidden).toContain("refundAwaitingApproval");
    expect(hidden).not.toContain("customsRejected");
  });

  it("makes a role gaining a permission wait for a second admin; its people get it at their next request", async () => {
    const second = await admin("bob");
    const out = await requestRoleUpdate(auditorKey, { permissions: [...AUDITOR, "money.move"] }, first);
    expect(out).toHaveProperty("pendingChange");
    const permissionsNow = async () => (await (await getAs(me, auditor.cookie, "/api/me")).json()).user.permissions;
    expect(await permissionsNow()).toEqual(AUDITOR);
    await expect(approve((out as { pendingChange: { id: string } }).pendingChange.id, {}, first)).rejects.toMatchObject(
      {
        rule: "own_change",
      },
    );
    await approve((out as { pendingChange: { id: string } }).pendingChange.id, {}, second);
    expect(can({ permissions: await permissionsNow() }, "money.move")).toBe(true);
    // Taken away again: a tightening applies at once.
    expect(await requestRoleUpdate(auditorKey, { permissions: AUDITOR }, first)).toHaveProperty("applied");
    expect(await permissionsNow()).toEqual(AUDITOR);
  });

  it("never adds back, from a list read before, what another admin took away meanwhile", async () => {
    const read = (await listRoles()).find((r) => r.key === auditorKey)!.permissions;
    expect(await requestRoleUpdate(auditorKey, { permissions: ["transactions.read"] }, first)).toHaveProperty(
      "applied",
    );
    await expect(updateRole(auditorKey, { permissions: [...read] }, read, first)).rejects.toMatchObject({
      rule: "changed_since",
    });
    expect(await requestRoleUpdate(auditorKey, { permissions: AUDITOR }, first)).toHaveProperty("pendingChange");
  });

  it("keeps presets fixed and never leaves the console without an active admin", async () => {
    await expect(requestRoleUpdate("ops", { name: "Ops" }, first)).rejects.toMatchObject({ rule: "preset_role" });
    await createRole({ key: keeperKey, name: "Keeper", permissions: ["users.manage"] }, first);
    // Whoever holds users.manage counts as an admin for the two-admin rule, whatever the role's name.
    const kept = await db.user.create({
      data: { email: `kim-${Date.now()}@example.com`, name: "Kim", role: "ops", passwordHash: "x" },
    });
    expect(kept.wasAdminAt).toBeNull();
    await db.user.update({ where: { id: kept.id }, data: { role: keeperKey } });
    expect((await db.user.findUniqueOrThrow({ where: { id: kept.id } })).wasAdminAt).not.toBeNull();
    const admins = await db.user.findMany({
      where: { staffRole: { permissions: { has: "users.manage" } }, disabled: false },
      select: { id: true, role: true },
    });
    await db.user.updateMany({ where: { id: { in: admins.map((a) => a.id) } }, data: { role: keeperKey } });
    await db.user.update({ where: { id: kept.id }, data: { disabled: true } });
    try {
      await expect(requestRoleUpdate(keeperKey, { permissions: [] }, first)).rejects.toMatchObject({
        rule: "last_active_admin",
      });
    } finally {
      for (const a of admins) await db.user.update({ where: { id: a.id }, data: { role: a.role } });
    }
  });
});
