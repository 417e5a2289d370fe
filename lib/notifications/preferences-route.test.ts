import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { NextRequest } from "next/server";
import { signedInAs, type RouteHandler } from "@/test/route-session";
import { GET, PUT } from "@/app/api/notifications/preferences/route";
import { PUT as putDefaults } from "@/app/api/notifications/role-defaults/route";

// The preferences routes as a person calls them: modes and quiet hours stored and read back,
// the earlier boolean form still read, a bad time refused at its field, and a role's defaults
// set only by whoever holds notifications.manage (a manager).

const call = (handler: unknown, cookie: string, method: string, path: string, body?: unknown) =>
  (handler as RouteHandler)(
    new NextRequest(`http://localhost:3000${path}`, {
      method,
      headers: { host: "localhost:3000", origin: "http://localhost:3000", cookie, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
    { params: Promise.resolve({}) },
  );

afterAll(async () => {
  await db.notificationRoleDefault.deleteMany();
});

describe("/api/notifications/preferences", () => {
  it("stores modes and quiet hours; the boolean form still reads; null goes back to the role's default", async () => {
    const me = await signedInAs("finance");
    const path = "/api/notifications/preferences";
    const put = await call(PUT, me.cookie, "PUT", path, {
      modes: { refundApproved: "digest", roleChanged: "console" },
      email: { refundRejected: false },
      quietHours: { start: "22:30", end: "07:00" },
    });
    expect(put.status).toBe(200);
    const got = await (await call(GET, me.cookie, "GET", path)).json();
    const mode = (kind: string) => got.preferences.find((p: { kind: string }) => p.kind === kind).mode;
    expect([mode("refundApproved"), mode("refundRejected"), mode("roleChanged")]).toEqual([
      "digest",
      "console",
      "email",
    ]);
    expect(got.quietHours).toEqual({ start: "22:30", end: "07:00" });
    await call(PUT, me.cookie, "PUT", path, { modes: { refundApproved: null }, quietHours: null });
    const again = await (await call(GET, me.cookie, "GET", path)).json();
    expect(again.preferences.find((p: { kind: string }) => p.kind === "refundApproved")).toMatchObject({
      mode: "email",
      own: false,
    });
    expect(again.quietHours).toBeNull();
  });

  it("refuses a time that is not HH:MM at its field", async () => {
    const me = await signedInAs("ops");
    const res = await call(PUT, me.cookie, "PUT", "/api/notifications/preferences", {
      quietHours: { start: "25:00", end: "07:00" },
    });
    expect(res.status).toBe(422);
    expect((await res.json()).error.details.fields[0].path).toEqual(["quietHours", "start"]);
  });

  it("a role's defaults: a manager sets them, finance is refused", async () => {
    const [manager, finance] = [await signedInAs("manager"), await signedInAs("finance")];
    const body = { role: "ops", modes: { changeAwaiting: "digest" } };
    expect((await call(putDefaults, finance.cookie, "PUT", "/api/notifications/role-defaults", body)).status).toBe(403);
    const res = await call(putDefaults, manager.cookie, "PUT", "/api/notifications/role-defaults", body);
    expect(res.status).toBe(200);
    expect((await res.json()).defaults.changeAwaiting).toBe("digest");
    // Who loosened whose notifications is in the audit log (it was written for refusals only).
    expect(
      await db.auditLog.count({
        where: { actorId: manager.id, action: "notifications.role_defaults.update", result: "ok" },
      }),
    ).toBe(1);
  });

  it("a person's save is audited once, with its choices and quiet hours in the same transaction", async () => {
    const me = await signedInAs("finance");
    const put = await call(PUT, me.cookie, "PUT", "/api/notifications/preferences", {
      modes: { refundApproved: "console" },
      quietHours: { start: "22:00", end: "07:00" },
    });
    expect(put.status).toBe(200);
    expect(
      await db.auditLog.count({ where: { actorId: me.id, action: "notifications.preferences.update", result: "ok" } }),
    ).toBe(1);
  });
});
