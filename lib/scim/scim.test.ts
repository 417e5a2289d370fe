import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import * as users from "@/app/scim/v2/Users/route";
import * as user from "@/app/scim/v2/Users/[id]/route";
import * as groups from "@/app/scim/v2/Groups/route";
import * as group from "@/app/scim/v2/Groups/[id]/route";
import { GET as config } from "@/app/scim/v2/ServiceProviderConfig/route";
import { GET as schemas } from "@/app/scim/v2/Schemas/route";
import { GET as types } from "@/app/scim/v2/ResourceTypes/route";
import { GET as me } from "@/app/api/me/route";
import { db, pool } from "@/lib/platform/db";
import { actorFor } from "@/lib/platform/auth/actor";
import { encode } from "next-auth/jwt";
import { authOptions } from "@/lib/sign-in/options";
import { issueScimToken } from "./protocol";
import { staffOf } from "@/test/staff";
import { getAs } from "@/test/route-session";

// Issue 51, item 2: the provisioning API against RFC 7643/7644's own examples (the §3.3 create,
// §3.4.2 filter and paging, §3.5.1 replace, §3.5.2 PATCH add/remove/replace, §3.6 delete, §3.12
// errors), through the real handlers and a real database; a person deactivated by SCIM loses a
// live session at their next request, and the last active admin cannot be deactivated.

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
const ERROR = "urn:ietf:params:scim:api:messages:2.0:Error";
const PATCH_OP = "urn:ietf:params:scim:api:messages:2.0:PatchOp";
const run = Date.now().toString(36);
const bjensen = `bjensen-${run}@example.com`;
let token = "";

async function call(handler: Handler, method: string, path: string, body?: unknown, params = {}, auth = token) {
  const res = await handler(
    new NextRequest(`http://localhost:3000${path}`, {
      method,
      headers: { authorization: `Bearer ${auth}`, "content-type": "application/scim+json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
    { params: Promise.resolve(params) },
  );
  return { status: res.status, headers: res.headers, body: res.status === 204 ? null : await res.json() };
}

const patch = (...Operations: unknown[]) => ({ schemas: [PATCH_OP], Operations });

/** A live console session of this person, as the session cookie names it. */
async function sessionOf(id: string) {
  const sid = crypto.randomUUID();
  await pool.query("INSERT INTO sessions (id, user_id, expires_at) VALUES ($1, $2, now() + interval '1 hour')", [
    sid,
    id,
  ]);
  return `next-auth.session-token=${await encode({ token: { sub: id, sid }, secret: authOptions.secret! })}`;
}

let id = "";
beforeAll(async () => {
  const admin = await db.user.create({
    data: { email: `scim-admin-${run}@example.com`, name: "Ann", role: "admin", passwordHash: "x" },
  });
  token = (await issueScimToken(actorFor(staffOf({ ...admin, role: "admin" })))).token;
});

describe("SCIM 2.0 provisioning", () => {
  it("answers without a valid token 401 in SCIM's error format, and a replaced token stops working", async () => {
    const none = await call(users.GET, "GET", "/scim/v2/Users", undefined, {}, "not-a-token-at-all-xxxxxxxx");
    expect(none).toMatchObject({ status: 401, body: { schemas: [ERROR], status: "401" } });
    const old = token;
    const admin = await db.user.findFirstOrThrow({ where: { email: `scim-admin-${run}@example.com` } });
    token = (await issueScimToken(actorFor(staffOf({ ...admin, role: "admin" })))).token;
    expect((await call(users.GET, "GET", "/scim/v2/Users", undefined, {}, old)).status).toBe(401);
    expect(await db.scimToken.count({ where: { tokenHash: token } })).toBe(0);
  });

  it("describes itself: ServiceProviderConfig, Schemas, ResourceTypes", async () => {
    expect((await call(config, "GET", "/scim/v2/ServiceProviderConfig")).body).toMatchObject({
      patch: { supported: true },
      filter: { supported: true },
      bulk: { supported: false },
    });
    const ids = (await call(schemas, "GET", "/scim/v2/Schemas")).body.Resources.map((s: { id: string }) => s.id);
    expect(ids).toEqual(["urn:ietf:params:scim:schemas:core:2.0:User", "urn:ietf:params:scim:schemas:core:2.0:Group"]);
    const endpoints = (await call(types, "GET", "/scim/v2/ResourceTypes")).body.Resources.map(
      (t: { endpoint: string }) => t.endpoint,
    );
    expect(endpoints).toEqual(["/Users", "/Groups"]);
  });

  it("creates a user (RFC 7644 §3.3), refuses the same userName again, and gets it back", async () => {
    const created = await call(users.POST, "POST", "/scim/v2/Users", {
      schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"],
      userName: bjensen,
      externalId: `bjensen-${run}`,
      name: { formatted: "Ms. Barbara J Jensen III", familyName: "Jensen", givenName: "Barbara" },
    });
    expect(created).toMatchObject({ status: 201, body: { userName: bjensen, active: true, groups: [] } });
    id = created.body.id;
    expect(created.headers.get("location")).toBe(`http://localhost:3000/scim/v2/Users/${id}`);
    expect(created.headers.get("content-type")).toBe("application/scim+json");
    const again = await call(users.POST, "POST", "/scim/v2/Users", { userName: bjensen.toUpperCase() });
    expect(again).toMatchObject({ status: 409, body: { schemas: [ERROR], scimType: "uniqueness" } });
    expect((await call(user.GET, "GET", `/scim/v2/Users/${id}`, undefined, { id })).body.name.formatted).toBe(
      "Ms. Barbara J Jensen III",
    );
    const unknown = crypto.randomUUID();
    expect(await call(user.GET, "GET", "/", undefined, { id: unknown })).toMatchObject({
      status: 404,
      body: { status: "404" },
    });
  });

  it("filters on userName eq (case-insensitive) and pages from startIndex (RFC 7644 §3.4.2)", async () => {
    const q = encodeURIComponent(`userName eq "${bjensen.toUpperCase()}"`);
    const found = await call(users.GET, "GET", `/scim/v2/Users?filter=${q}`);
    expect(found.body).toMatchObject({ totalResults: 1, startIndex: 1, itemsPerPage: 1 });
    expect(found.body.Resources[0].id).toBe(id);
    const page = await call(users.GET, "GET", "/scim/v2/Users?startIndex=2&count=1");
    expect(page.body).toMatchObject({ startIndex: 2, itemsPerPage: 1 });
    expect(page.body.totalResults).toBeGreaterThan(1);
    const bad = await call(users.GET, "GET", `/scim/v2/Users?filter=${encodeURIComponent("title pr")}`);
    expect(bad).toMatchObject({ status: 400, body: { scimType: "invalidFilter" } });
  });

  it("pages through people created in the same instant (a bulk import) each once, none lost", async () => {
    const at = new Date("2026-01-02T03:04:05.678Z");
    await db.user.createMany({
      data: Array.from({ length: 40 }, (_, i) => ({
        email: `bulk-${run}-${i}@example.com`,
        name: `Bulk ${i}`,
        role: "ops" as const,
        passwordHash: "x",
        createdAt: at,
      })),
    });
    const total = (await call(users.GET, "GET", "/scim/v2/Users?count=0")).body.totalResults as number;
    const seen: string[] = [];
    for (let start = 1; start <= total; start += 7) {
      const page = await call(users.GET, "GET", `/scim/v2/Users?startIndex=${start}&count=7`);
      seen.push(...page.body.Resources.map((r: { userName: string }) => r.userName));
    }
    expect(seen.length).toBe(total);
    expect(new Set(seen).size).toBe(total);
    expect(seen.filter((u) => u.startsWith(`bulk-${run}-`))).toHaveLength(40);
  });

  it("replaces a user (PUT) and patches add, replace and remove (RFC 7644 §3.5)", async () => {
    const put = await call(
      user.PUT,
      "PUT",
      "/",
      { userName: bjensen, displayName: "Babs Jensen", active: true },
      { id },
    );
    expect(put.body).toMatchObject({ displayName: "Babs Jensen", active: true });
    const added = await call(user.PATCH, "PATCH", "/", patch({ op: "add", path: "externalId", value: `ext-${run}` }), {
      id,
    });
    expect(added.body.externalId).toBe(`ext-${run}`);
    const replaced = await call(
      user.PATCH,
      "PATCH",
      "/",
      patch({ op: "Replace", path: "displayName", value: "B. Jensen" }),
      { id },
    );
    expect(replaced.body.displayName).toBe("B. Jensen");
    const removed = await call(user.PATCH, "PATCH", "/", patch({ op: "remove", path: "externalId" }), { id });
    expect(removed.body.externalId).toBeUndefined();
    const wrong = await call(user.PATCH, "PATCH", "/", { Operations: [{ op: "replace" }] }, { id });
    expect(wrong).toMatchObject({ status: 400, body: { schemas: [ERROR] } });
  });

  it("gives a role by group membership and takes it away again", async () => {
    const list = (await call(groups.GET, "GET", "/scim/v2/Groups")).body.Resources.map((g: { id: string }) => g.id);
    expect(list).toEqual(expect.arrayContaining(["admin", "finance", "manager", "ops"]));
    expect(list).not.toContain("no-access");
    const cookie = await sessionOf(id);
    const joined = await call(
      group.PATCH,
      "PATCH",
      "/",
      patch({ op: "add", path: "members", value: [{ value: id }] }),
      { id: "ops" },
    );
    expect(joined.body.members).toContainEqual({ value: id, display: bjensen });
    expect((await call(user.GET, "GET", "/", undefined, { id })).body.groups).toEqual([
      { value: "ops", display: "Operations" },
    ]);
    // A role change ends the person's sessions (the users trigger), as any role change does.
    expect((await getAs(me, cookie, "/api/me")).status).toBe(401);
    const left = await call(group.PATCH, "PATCH", "/", patch({ op: "remove", path: `members[value eq "${id}"]` }), {
      id: "ops",
    });
    expect(left.body.members.map((m: { value: string }) => m.value)).not.toContain(id);
    expect((await db.user.findUniqueOrThrow({ where: { id } })).role).toBe("no-access");
  });

  it("gives no privileged role without a second admin once the merchant has had two", async () => {
    await db.user.create({
      data: { email: `scim-bob-${run}@example.com`, name: "Bob", role: "admin", passwordHash: "x" },
    });
    const res = await call(group.PATCH, "PATCH", "/", patch({ op: "add", path: "members", value: [{ value: id }] }), {
      id: "finance",
    });
    expect(res).toMatchObject({ status: 403, body: { schemas: [ERROR], status: "403" } });
    expect((await db.user.findUniqueOrThrow({ where: { id } })).role).toBe("no-access");
  });

  it("deactivates at once: a live session ends at its next request", async () => {
    await call(group.PATCH, "PATCH", "/", patch({ op: "add", path: "members", value: [{ value: id }] }), { id: "ops" });
    const cookie = await sessionOf(id);
    expect((await getAs(me, cookie, "/api/me")).status).toBe(200);
    const off = await call(user.PATCH, "PATCH", "/", patch({ op: "replace", value: { active: false } }), { id });
    expect(off.body.active).toBe(false);
    expect((await getAs(me, cookie, "/api/me")).status).toBe(401);
    // Entra ID's spelling: an op in capitals and the boolean as a string.
    const entra = patch({ op: "Replace", path: "active", value: "True" });
    expect((await call(user.PATCH, "PATCH", "/", entra, { id })).body.active).toBe(true);
    await call(user.PATCH, "PATCH", "/", patch({ op: "replace", path: "active", value: "False" }), { id });
    expect((await db.user.findUniqueOrThrow({ where: { id } })).disabled).toBe(true);
  });

  it("refuses to deactivate the last active admin, in SCIM's error format", async () => {
    const admins = await db.user.findMany({
      where: { staffRole: { permissions: { has: "users.manage" } }, disabled: false },
      select: { id: true },
    });
    const [last, ...others] = admins;
    await db.user.updateMany({ where: { id: { in: others.map((o) => o.id) } }, data: { disabled: true } });
    try {
      const res = await call(user.PATCH, "PATCH", "/", patch({ op: "replace", path: "active", value: false }), {
        id: last!.id,
      });
      expect(res).toMatchObject({ status: 400, body: { schemas: [ERROR], status: "400", scimType: "mutability" } });
      expect((await db.user.findUniqueOrThrow({ where: { id: last!.id } })).disabled).toBe(false);
    } finally {
      await db.user.updateMany({ where: { id: { in: others.map((o) => o.id) } }, data: { disabled: false } });
    }
  });

  it("deletes: the person is deprovisioned and SCIM answers 404 for them (RFC 7644 §3.6)", async () => {
    expect((await call(user.DELETE, "DELETE", "/", undefined, { id })).status).toBe(204);
    expect((await call(user.GET, "GET", "/", undefined, { id })).status).toBe(404);
    expect((await db.user.findUniqueOrThrow({ where: { id } })).disabled).toBe(true);
  });
});
