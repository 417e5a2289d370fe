import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { actorFor, type StaffUser } from "@/lib/platform/auth/actor";
import { readSecret, SECRET_NAMES, writeSecret } from "@/lib/platform/secrets/store";
import { createUser } from "@/lib/users/service";
import { chatChannelsStatus } from "@/lib/notifications/chat-channels";
import { approve } from "./approve";
import { staffOf } from "@/test/staff";
import { requestChatRemove, requestChatSet, requestCredentialSet } from "./credentials";

// Issue 48, item 3: the last admin set a new webhook secret alone, signed "Won" himself and
// closed an open chargeback. Once the merchant has had two admins, replacing a credential or a
// chat destination waits for the other admin; the value waits sealed, never shown.

const as = (u: StaffUser) => actorFor(u, { ip: "203.0.113.9", userAgent: "vitest" });
async function admin(label: string) {
  const u = await createUser(
    {
      email: `${label}-${Math.random().toString(36).slice(2, 8)}@example.com`,
      name: label,
      role: "admin",
      password: "long-enough-password",
    },
    null,
  );
  return staffOf({ id: u.id, email: u.email, name: u.name, role: u.role });
}
const pendingOf = (o: object) => {
  expect(o).toHaveProperty("pendingChange");
  return (o as { pendingChange: { id: string; lines: string[]; kind: string } }).pendingChange;
};
const manager = async () => (await chatChannelsStatus()).channels.find((c) => c.team === "manager");
const webhookSecret = async () => (await readSecret(SECRET_NAMES.webhookSecret))?.value ?? null;

describe("credentials under the two-admin rule", () => {
  beforeEach(async () => {
    await db.pendingChange.deleteMany();
    await db.user.deleteMany();
    await db.secret.deleteMany();
    await writeSecret(SECRET_NAMES.webhookSecret, "whsec_the_current_one");
  });

  it("with one admin ever, a replacement applies at once, audited single_admin", async () => {
    const a = await admin("alone");
    expect(await requestCredentialSet("webhook-secret", { value: "whsec_new_value_alone" }, as(a))).toHaveProperty(
      "applied",
    );
    expect(await webhookSecret()).toBe("whsec_new_value_alone");
    const row = await db.auditLog.findFirstOrThrow({ where: { action: "settings.credential.set", actorId: a.id } });
    expect(row.reason).toBe("single_admin");
  });

  it("once there were two admins, a replacement waits for the other, sealed, and the other's approval applies it", async () => {
    const [a, b] = [await admin("alice"), await admin("bob")];
    // The other admin disabled: the merchant has still had two, so it waits all the same.
    await db.user.update({ where: { id: b.id }, data: { disabled: true } });
    const pending = pendingOf(await requestCredentialSet("webhook-secret", { value: "whsec_signed_by_me" }, as(a)));
    expect(pending).toMatchObject({ kind: "settings.credential", lines: ["Replace the stored value: Webhook secret"] });
    expect(await webhookSecret()).toBe("whsec_the_current_one");
    const row = await db.pendingChange.findUniqueOrThrow({ where: { id: pending.id } });
    expect(JSON.stringify(row)).not.toContain("whsec_signed_by_me");
    await expect(approve(pending.id, {}, as(a))).rejects.toMatchObject({ rule: "own_change" });
    await db.user.update({ where: { id: b.id }, data: { disabled: false } });
    await approve(pending.id, { comment: "rotation agreed" }, as(b));
    expect(await webhookSecret()).toBe("whsec_signed_by_me");
    // The old one verifies during the rotation, as with a direct replacement.
    expect((await readSecret(SECRET_NAMES.webhookSecretPrevious))?.value).toBe("whsec_the_current_one");
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: "settings.credential.set", actorId: b.id } });
    expect(audit.reason).toBe(`approved pending change ${pending.id} asked by ${a.email}`);
  });

  it("a sealed value moved to another change of the same credential does not open; a decided change keeps no value", async () => {
    const [a, b] = [await admin("alice"), await admin("bob")];
    const first = pendingOf(await requestCredentialSet("webhook-secret", { value: "whsec_first_value_1" }, as(a)));
    const second = pendingOf(await requestCredentialSet("webhook-secret", { value: "whsec_second_value_2" }, as(a)));
    const moved = await db.pendingChange.findUniqueOrThrow({ where: { id: first.id } });
    await db.pendingChange.update({ where: { id: second.id }, data: { payload: moved.payload as object } });
    await expect(approve(second.id, {}, as(b))).rejects.toMatchObject({ rule: "no_longer_valid" });
    expect(await webhookSecret()).toBe("whsec_the_current_one");
    await approve(first.id, {}, as(b));
    expect(await webhookSecret()).toBe("whsec_first_value_1");
    expect((await db.pendingChange.findUniqueOrThrow({ where: { id: first.id } })).payload).toEqual({});
  });

  it("setting and removing a team's chat channel wait for the other admin too", async () => {
    const [a, b] = [await admin("alice"), await admin("bob")];
    const url = "https://93.184.216.34/robot/send?access_token=secret-part-of-the-url";
    const set = pendingOf(await requestChatSet("manager", { format: "dingtalk", url }, as(a)));
    expect(set.lines).toEqual([
      expect.stringMatching(
        /^Managers' channel → DingTalk group bot \(钉钉\) at 93.184.216.34 \(address [0-9a-f]{8}\)$/,
      ),
    ]);
    const row = await db.pendingChange.findUniqueOrThrow({ where: { id: set.id } });
    expect(JSON.stringify(row)).not.toContain("secret-part-of-the-url");
    expect(await manager()).toMatchObject({ set: false });
    await approve(set.id, {}, as(b));
    expect(await manager()).toMatchObject({ set: true, format: "dingtalk" });
    const removal = pendingOf(await requestChatRemove("manager", as(a)));
    expect(await manager()).toMatchObject({ set: true });
    await approve(removal.id, {}, as(b));
    expect(await manager()).toMatchObject({ set: false });
  });
});
