import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { verifyPassword } from "@/lib/platform/auth/password";
import { getSettings, updateSettings } from "@/lib/platform/settings/service";
import { createUser } from "@/lib/users/service";
import { approve } from "./approve";
import {
  requestMfaReset,
  requestPasswordReset,
  requestSettingsChange,
  requestUserCreate,
  requestUserUpdate,
} from "./requests";
import { close, listPending } from "./store";
import { actorFor, type StaffUser } from "@/lib/platform/auth/actor";
import { settingsVersion } from "@/lib/platform/settings/version";
import { staffOf } from "@/test/staff";

// Against the real PostgreSQL: one admin alone cannot loosen a control (issue 17).
const client = { ip: "203.0.113.9", userAgent: "vitest" };
const as = (u: StaffUser) => actorFor(u, client);
const KEYS = [
  "refundApprovalThresholds",
  "refundApprovalPercent",
  "webhookRetentionDays",
  "webhookRejectedRetentionDays",
];

async function user(role: "admin" | "finance" | "manager" | "ops", label: string = role) {
  const u = await createUser(
    {
      email: `${label}-${Math.random().toString(36).slice(2, 8)}@example.com`,
      name: label,
      role,
      password: "long-enough-password",
    },
    null,
  );
  return { id: u.id, email: u.email, name: u.name, role: u.role };
}
const pendingOf = (o: object) => {
  expect(o).toHaveProperty("pendingChange");
  return (o as { pendingChange: { id: string; lines: string[] } }).pendingChange;
};
const auditRows = (targetId: string) => db.auditLog.findMany({ where: { targetId }, orderBy: { id: "asc" } });

describe("two-admin rule", () => {
  let a: Awaited<ReturnType<typeof user>>;
  let b: Awaited<ReturnType<typeof user>>;
  beforeEach(async () => {
    await db.pendingChange.deleteMany();
    await db.user.deleteMany();
    await db.setting.deleteMany({ where: { key: { in: KEYS } } });
    a = await user("admin", "alice");
    b = await user("admin", "bob");
    await updateSettings(
      { refundApprovalThresholds: { USD: 50_000, EUR: 50_000 }, refundApprovalPercent: 50 },
      "setup",
    );
  });

  it("a raised threshold waits; another admin approves it and it applies, both steps audited", async () => {
    const out = await requestSettingsChange(
      { refundApprovalThresholds: { USD: 1_000_000_000_000, EUR: 50_000 } },
      as(staffOf(a)),
    );
    const pending = pendingOf(out);
    expect(pending.lines).toEqual(["Refund approval threshold USD: $500.00 → $10,000,000,000.00"]);
    expect((await getSettings()).refundApprovalThresholds.USD).toBe(50_000);
    expect((await listPending()).map((p) => p.id)).toEqual([pending.id]);

    const approved = await approve(pending.id, {}, as(staffOf(b)));
    expect(approved.pendingChange).toMatchObject({ status: "approved", decidedByEmail: b.email });
    expect((await getSettings()).refundApprovalThresholds.USD).toBe(1_000_000_000_000);
    expect((await auditRows(pending.id)).map((r) => [r.action, r.actorEmail])).toEqual([
      ["pending_change.request", a.email],
      ["pending_change.approve", b.email],
    ]);
    const applied = await db.auditLog.findFirstOrThrow({ where: { action: "settings.update", actorEmail: b.email } });
    expect(applied.reason).toContain(`asked by ${a.email}`);
    await expect(approve(pending.id, {}, as(staffOf(b)))).rejects.toMatchObject({
      name: "Conflict",
      rule: "already_decided",
    });
  });

  // Issue 48, item 4: after b approved a's raise, a's open Settings page still showed the old
  // value; saving that form (for another field) wrote the old threshold back.
  it("a form loaded before an approval does not undo it; changing what moved meanwhile is 409 with what moved", async () => {
    const loaded = settingsVersion(await getSettings());
    const pending = pendingOf(
      await requestSettingsChange({ refundApprovalThresholds: { USD: 90_000, EUR: 50_000 } }, as(staffOf(a))),
    );
    await approve(pending.id, {}, as(staffOf(b)));
    // The same open page saves its form: the old threshold goes along, a new percent with it.
    await requestSettingsChange(
      { refundApprovalThresholds: { USD: 50_000, EUR: 50_000 }, refundApprovalPercent: 40 },
      as(staffOf(a)),
      loaded,
    );
    const now = await getSettings();
    expect(now.refundApprovalThresholds).toEqual({ USD: 90_000, EUR: 50_000 });
    expect(now.refundApprovalPercent).toBe(40);
    // Changing the moved value itself from that stale page is refused, saying what moved.
    await expect(
      requestSettingsChange({ refundApprovalThresholds: { USD: 10_000, EUR: 50_000 } }, as(staffOf(a)), loaded),
    ).rejects.toMatchObject({ rule: "settings_moved", details: { moved: ["refundApprovalThresholds"] } });
    expect((await getSettings()).refundApprovalThresholds.USD).toBe(90_000);
  });

  it("the requester cannot approve their own change (refused and audited)", async () => {
    const pending = pendingOf(await requestSettingsChange({ refundApprovalPercent: null }, as(staffOf(a))));
    await expect(approve(pending.id, {}, as(staffOf(a)))).rejects.toMatchObject({
      name: "Forbidden",
      rule: "own_change",
    });
    await expect(close(pending.id, "reject", {}, as(staffOf(a)))).rejects.toMatchObject({
      name: "Forbidden",
      rule: "own_change",
    });
    expect((await getSettings()).refundApprovalPercent).toBe(50);
    expect(
      await db.auditLog.count({ where: { targetId: pending.id, action: "pending_change.approve", result: "denied" } }),
    ).toBe(1);
    await close(pending.id, "withdraw", {}, as(staffOf(a)));
    await expect(approve(pending.id, {}, as(staffOf(b)))).rejects.toMatchObject({
      name: "Conflict",
      rule: "already_decided",
    });
    expect((await getSettings()).refundApprovalPercent).toBe(50);
  });

  it("a lowered threshold, a removed currency, a lower percent and a longer retention apply at once", async () => {
    const out = await requestSettingsChange(
      {
        refundApprovalThresholds: { USD: 10_000 },
        refundApprovalPercent: 10,
        webhookRetentionDays: 120,
      },
      as(staffOf(a)),
    );
    expect(out).toHaveProperty("applied");
    // Without a threshold every EUR refund waits: more waits than before (issue 30).
    expect((await getSettings()).refundApprovalThresholds).toEqual({ USD: 10_000 });
    expect(await db.pendingChange.count()).toBe(0);
    // …but a new currency's threshold (its refunds waited, now some do not) or a shorter retention waits.
    pendingOf(await requestSettingsChange({ refundApprovalThresholds: { USD: 10_000, GBP: 1 } }, as(staffOf(a))));
    pendingOf(await requestSettingsChange({ webhookRejectedRetentionDays: 1 }, as(staffOf(a))));
  });

  it("while the merchant never had a second admin the change applies at once and the audit row says single_admin", async () => {
    await db.user.delete({ where: { id: b.id } });
    const out = await requestSettingsChange(
      { refundApprovalThresholds: { USD: 900_000, EUR: 50_000 } },
      as(staffOf(a)),
    );
    expect(out).toHaveProperty("applied");
    expect((await getSettings()).refundApprovalThresholds.USD).toBe(900_000);
    const row = await db.auditLog.findFirstOrThrow({ where: { action: "settings.update" }, orderBy: { id: "desc" } });
    expect(row.reason).toBe("single_admin");
    // The second admin can be made; from then on the rule holds, whoever is enabled (issue 30).
    const made = await requestUserCreate(
      { email: "second@example.com", name: "Sam", role: "admin", password: "long-enough-password" },
      as(staffOf(a)),
    );
    expect(made).toHaveProperty("applied");
    pendingOf(await requestSettingsChange({ refundApprovalThresholds: { USD: 999_000, EUR: 50_000 } }, as(staffOf(a))));
  });

  it("a created manager waits, no user exists until approval, and the payload holds no password", async () => {
    const input = {
      email: "new-manager@example.com",
      name: "Mona",
      role: "manager" as const,
      password: "managers-own-password",
    };
    const pending = pendingOf(await requestUserCreate(input, as(staffOf(a))));
    expect(await db.user.count({ where: { email: input.email } })).toBe(0);
    const row = await db.pendingChange.findUniqueOrThrow({ where: { id: pending.id } });
    expect(row.payload).toEqual({ email: input.email, name: input.name, role: "manager" });
    expect(JSON.stringify(await listPending())).not.toContain("password");

    // The first password is made at approval, for the approver: never the one the requester chose (issue 30).
    const approved = (await approve(pending.id, {}, as(staffOf(b)))) as { temporaryPassword?: string };
    const created = await db.user.findUniqueOrThrow({
      where: { email: input.email },
      select: { id: true, role: true, passwordHash: true },
    });
    expect(created.role).toBe("manager");
    expect(await verifyPassword(input.password, created.passwordHash)).toBe(false);
    expect(await verifyPassword(approved.temporaryPassword!, created.passwordHash)).toBe(true);
    // An ops user and a demotion to ops need nobody else.
    expect(await requestUserCreate({ ...input, email: "ops@example.com", role: "ops" }, as(staffOf(a)))).toHaveProperty(
      "applied",
    );
    expect(await requestUserUpdate(created.id, { role: "ops" }, as(staffOf(a)))).toHaveProperty("applied");
    pendingOf(await requestUserUpdate(created.id, { role: "finance" }, as(staffOf(a))));
  });

  it("a password reset of a finance user waits; the password is made at approval for the approver only", async () => {
    const f = await user("finance", "felix");
    const hashOf = async () =>
      (await db.user.findUniqueOrThrow({ where: { id: f.id }, select: { passwordHash: true } })).passwordHash;
    const before = await hashOf();
    const out = await requestPasswordReset(f.id, as(staffOf(a)));
    const pending = pendingOf(out);
    expect(out).not.toHaveProperty("temporaryPassword");
    expect(await hashOf()).toBe(before);
    const approved = (await approve(pending.id, {}, as(staffOf(b)))) as { temporaryPassword?: string };
    expect(approved.temporaryPassword).toMatch(/^\w{16}$/);
    const after = await db.user.findUniqueOrThrow({ where: { id: f.id }, select: { passwordHash: true } });
    expect(await verifyPassword(approved.temporaryPassword!, after.passwordHash)).toBe(true);
    expect(JSON.stringify(await db.pendingChange.findMany())).not.toContain(approved.temporaryPassword);
    // Its second factor too; an ops user's reset applies at once.
    pendingOf(await requestMfaReset(f.id, as(staffOf(a))));
    const o = await user("ops", "olga");
    expect(await requestPasswordReset(o.id, as(staffOf(a)))).toHaveProperty("applied");
  });

  it("an expired change cannot be approved", async () => {
    const pending = pendingOf(await requestSettingsChange({ webhookRetentionDays: 7 }, as(staffOf(a))));
    await db.pendingChange.update({ where: { id: pending.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await expect(approve(pending.id, {}, as(staffOf(b)))).rejects.toMatchObject({ name: "Conflict", rule: "expired" });
    expect((await db.pendingChange.findUniqueOrThrow({ where: { id: pending.id } })).status).toBe("expired");
    expect((await getSettings()).webhookRetentionDays).toBe(90);
    expect(await listPending()).toEqual([]);
  });
});
