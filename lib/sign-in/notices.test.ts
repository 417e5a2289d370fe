import { tellMfaReset } from "@/lib/notifications/events-security";
import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { actorFor } from "@/lib/platform/auth/actor";
import { confirmEnrolment, resetMfa, startEnrolment } from "@/lib/platform/auth/mfa";
import { totpCode } from "@/lib/platform/auth/totp";
import { eventsOf, person } from "@/test/notified";
import { openSession } from "./open-session";
import { staffOf } from "@/test/staff";

// Issue 35's security notices, to the person themselves and always e-mailed: a sign-in from
// an address the account had not used, and a two-step reset.

const client = { ip: "127.0.0.1", userAgent: "vitest" };
const signIn = (userId: string, ip: string) => openSession(randomUUID(), userId, { ip, userAgent: "vitest" }, 600);
const emailOf = async (userId: string, kind: string) =>
  db.notificationDelivery.findMany({ where: { userId, channel: "email", event: { kind } }, select: { status: true } });

beforeEach(async () => {
  await db.notificationEvent.deleteMany();
});

describe("security notices", () => {
  it("a sign-in from a new address: the person, once per address; never for their first sign-in", async () => {
    const me = await person("finance");
    // Turned off by the person: a security notice is e-mailed all the same.
    await db.notificationPreference.create({ data: { userId: me.id, kind: "signInNewAddress", mode: "console" } });
    expect(await signIn(me.id, "203.0.113.7")).toEqual({ newAddress: false });
    expect(await signIn(me.id, "203.0.113.7")).toEqual({ newAddress: false });
    expect(await signIn(me.id, "198.51.100.9")).toEqual({ newAddress: true });
    expect(await signIn(me.id, "198.51.100.9")).toEqual({ newAddress: false });
    const [told, ...more] = await eventsOf("signInNewAddress");
    expect(more).toEqual([]);
    expect(told).toMatchObject({ params: { address: "198.51.100.9" }, link: "/account/security", to: [me.id] });
    expect(await emailOf(me.id, "signInNewAddress")).toEqual([{ status: "pending" }]);
  });

  it("a two-step reset: the person, e-mailed; a reset with nothing to reset tells no one", async () => {
    const [admin, me] = [await person("admin"), await person("finance")];
    const self = { id: me.id, email: me.email, name: me.name, role: me.role };
    const { secret } = await startEnrolment(actorFor(staffOf(self)));
    await confirmEnrolment({ code: totpCode(secret, Date.now() - 30_000) }, actorFor(staffOf(self), client));
    const by = { id: admin.id, email: admin.email, name: admin.name, role: admin.role };
    await resetMfa(me.id, actorFor(staffOf(by), client), {}, tellMfaReset);
    await expect(resetMfa(me.id, actorFor(staffOf(by), client), {}, tellMfaReset)).rejects.toMatchObject({
      rule: "no_second_factor",
    });
    expect(await eventsOf("mfaReset")).toEqual([
      { params: { by: admin.email }, link: "/account/security", to: [me.id] },
    ]);
    expect(await emailOf(me.id, "mfaReset")).toEqual([{ status: "pending" }]);
  });
});
