import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { actorFor } from "@/lib/platform/auth/actor";
import { createUser, updateUser } from "@/lib/users/service";
import { notify } from "./outbox";
import { getPreferences, setPreferences } from "./preferences";
import { renderNotification } from "./render";
import { staffOf } from "@/test/staff";

// Issue 35: an e-mail turned off is not sent (recorded as suppressed); a security notice is
// sent anyway, and its choice cannot be stored.

const person = async (role: "finance" | "admin") =>
  createUser(
    {
      email: `${role}-${Math.random().toString(36).slice(2, 8)}@example.com`,
      name: role,
      role,
      password: "long-enough-password",
    },
    null,
  );
const email = async (userId: string, kind: string) =>
  db.notificationDelivery.findMany({
    where: { userId, channel: "email", event: { kind } },
    select: { status: true, reason: true },
  });

beforeEach(async () => {
  await db.notificationEvent.deleteMany();
});

describe("e-mail preferences", () => {
  it("console only: the e-mail row is suppressed, the console row still there; others keep e-mail", async () => {
    const [quiet, loud] = [await person("finance"), await person("finance")];
    await setPreferences(quiet.id, { refundApproved: "console" });
    expect((await getPreferences(quiet.id)).find((p) => p.kind === "refundApproved")).toEqual({
      kind: "refundApproved",
      mode: "console",
      roleDefault: "email",
      own: true,
      always: false,
    });
    await db.$transaction(async (tx) =>
      notify(tx, {
        kind: "refundApproved",
        params: { amountMinor: 100, currency: "USD", charge: "ch", reference: "r", decider: "d@example.com" },
        to: { users: [quiet.id, loud.id] },
      }),
    );
    expect(await email(quiet.id, "refundApproved")).toEqual([{ status: "suppressed", reason: "preference" }]);
    expect(await email(loud.id, "refundApproved")).toEqual([{ status: "pending", reason: null }]);
    expect(await db.notificationDelivery.count({ where: { userId: quiet.id, channel: "console" } })).toBe(1);
  });

  it("a role change of your own account is a security notice: e-mailed even when turned off", async () => {
    const [admin, user] = [await person("admin"), await person("finance")];
    const stored = await setPreferences(user.id, { roleChanged: "console" });
    expect(stored.find((p) => p.kind === "roleChanged")).toEqual({
      kind: "roleChanged",
      mode: "email",
      roleDefault: "email",
      own: false,
      always: true,
    });
    await db.notificationPreference.create({ data: { userId: user.id, kind: "roleChanged", mode: "console" } });
    const as = actorFor(staffOf({ id: admin.id, email: admin.email, name: admin.name, role: "admin" }));
    await updateUser(user.id, { role: "manager" }, as);
    expect(await email(user.id, "roleChanged")).toEqual([{ status: "pending", reason: null }]);
    const [row] = await db.notificationEvent.findMany({
      where: { kind: "roleChanged", deliveries: { some: { userId: user.id } } },
    });
    expect(renderNotification(row!, { locale: "zh-CN", timeZone: "UTC" }).subject).toBe(
      "您在商户控制台的角色已变为经理",
    );
    expect(renderNotification(row!, { locale: "en", timeZone: "UTC" }).body).toContain(
      `${admin.email} changed your role to Manager`,
    );
    await updateUser(user.id, { name: "renamed" }, as);
    expect(await email(user.id, "roleChanged")).toHaveLength(1);
  });
});
