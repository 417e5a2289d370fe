import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { verifyPassword } from "@/lib/platform/auth/password";
import { getSettings, updateSettings } from "@/lib/platform/settings/service";
import { createUser } from "@/lib/users/service";
import { actorFor, type StaffUser } from "@/lib/platform/auth/actor";
import { approve } from "./approve";
import { requestSettingsChange, requestUserCreate, requestUserUpdate } from "./requests";
import { listPending } from "./store";
import { staffOf } from "@/test/staff";

// Issue 30: the seams between the two-admin rule's controls, against the real PostgreSQL.
// The invariant: no single person can loosen a control, whoever is enabled.
const client = { ip: "203.0.113.9", userAgent: "vitest" };
const as = (u: StaffUser) => actorFor(u, client);
const KEYS = ["refundApprovalThresholds", "refundApprovalPercent"];

async function user(role: "admin" | "finance" | "manager" | "ops", label: string = role) {
  const u = await createUser(
    {
      email: `${label}-${Math.random().toString(36).slice(2, 8)}@example.com`,
      name: label,
      role,
      password: "x".repeat(16),
    },
    null,
  );
  return { id: u.id, email: u.email, name: u.name, role: u.role };
}
const pendingOf = (o: object) => {
  expect(o).toHaveProperty("pendingChange");
  return (o as { pendingChange: { id: string; lines: string[] } }).pendingChange;
};
const thresholds = async () => (await getSettings()).refundApprovalThresholds;

describe("two-admin rule, whoever is enabled", () => {
  let a: Awaited<ReturnType<typeof user>>;
  let b: Awaited<ReturnType<typeof user>>;
  beforeEach(async () => {
    await db.pendingChange.deleteMany();
    await db.user.deleteMany();
    await db.setting.deleteMany({ where: { key: { in: KEYS } } });
    a = await user("admin", "alice");
    b = await user("admin", "bob");
    await updateSettings(
      { refundApprovalThresholds: { USD: 50_000, GBP: 40_000 }, refundApprovalPercent: null },
      "setup",
    );
  });

  it("item 1: disabling or demoting the other admin waits, and a disabled admin still counts", async () => {
    const since = (await db.auditLog.findFirst({ orderBy: { id: "desc" }, select: { id: true } }))?.id ?? 0n;
    pendingOf(await requestUserUpdate(b.id, { disabled: true }, as(staffOf(a))));
    pendingOf(await requestUserUpdate(b.id, { role: "ops" }, as(staffOf(a))));
    expect((await db.user.findUniqueOrThrow({ where: { id: b.id } })).disabled).toBe(false);
    // Even once B is gone (disabled by whatever path), A alone is not "the only admin".
    await db.user.update({ where: { id: b.id }, data: { disabled: true } });
    pendingOf(
      await requestSettingsChange({ refundApprovalThresholds: { USD: 9_999_999_999, GBP: 40_000 } }, as(staffOf(a))),
    );
    pendingOf(
      await requestUserCreate(
        { email: "m@example.com", name: "M", role: "manager", password: "y".repeat(16) },
        as(staffOf(a)),
      ),
    );
    expect((await thresholds()).USD).toBe(50_000);
    expect(await db.user.count({ where: { email: "m@example.com" } })).toBe(0);
    expect(await db.auditLog.count({ where: { reason: "single_admin", id: { gt: since } } })).toBe(0);
  });

  it("item 1: single_admin only while the merchant never had a second admin", async () => {
    await db.pendingChange.deleteMany();
    await db.user.deleteMany();
    const only = await user("admin", "solo");
    const out = await requestSettingsChange(
      { refundApprovalThresholds: { USD: 60_000, GBP: 40_000 } },
      as(staffOf(only)),
    );
    expect(out).toHaveProperty("applied");
    expect(
      (await db.auditLog.findFirstOrThrow({ where: { action: "settings.update" }, orderBy: { id: "desc" } })).reason,
    ).toBe("single_admin");
  });

  it("item 2: a threshold for a currency that had none is a loosening; removing one is not", async () => {
    const out = await requestSettingsChange(
      { refundApprovalThresholds: { USD: 50_000, GBP: 40_000, SGD: 99_999_999 } },
      as(staffOf(a)),
    );
    expect(pendingOf(out).lines).toEqual([
      "Refund approval threshold SGD: none (always approval) → SGD\u00a0999,999.99",
    ]);
    expect(await thresholds()).toEqual({ USD: 50_000, GBP: 40_000 });
    // Without a GBP threshold every GBP refund waits: more waits than before, so at once.
    expect(await requestSettingsChange({ refundApprovalThresholds: { USD: 50_000 } }, as(staffOf(a)))).toHaveProperty(
      "applied",
    );
    expect(await thresholds()).toEqual({ USD: 50_000 });
    // A percent raised while some currency has a threshold lets refunds through: it waits.
    await updateSettings({ refundApprovalPercent: 10 }, "setup");
    pendingOf(await requestSettingsChange({ refundApprovalPercent: 90 }, as(staffOf(a))));
    expect(await requestSettingsChange({ refundApprovalPercent: 5 }, as(staffOf(a)))).toHaveProperty("applied");
  });

  it("item 3: a privileged user made under the rule gets its password at approval, for the approver only", async () => {
    const chosen = "requesters-own-password";
    const pending = pendingOf(
      await requestUserCreate(
        { email: "new-admin@example.com", name: "Nia", role: "admin", password: chosen },
        as(staffOf(a)),
      ),
    );
    const row = await db.pendingChange.findUniqueOrThrow({ where: { id: pending.id } });
    expect(JSON.stringify(row.payload)).not.toContain("passwordHash");
    const approved = (await approve(pending.id, {}, as(staffOf(b)))) as { temporaryPassword?: string };
    expect(approved.temporaryPassword).toMatch(/^\w{16}$/);
    const made = await db.user.findUniqueOrThrow({
      where: { email: "new-admin@example.com" },
      select: { passwordHash: true, mustChangePassword: true },
    });
    expect(await verifyPassword(chosen, made.passwordHash)).toBe(false);
    expect(await verifyPassword(approved.temporaryPassword!, made.passwordHash)).toBe(true);
    expect(made.mustChangePassword).toBe(true);
  });

  it("item 4: approval applies only its own 'before → after'; a moved 'before' answers 409", async () => {
    const usd = pendingOf(
      await requestSettingsChange({ refundApprovalThresholds: { USD: 60_000, GBP: 40_000 } }, as(staffOf(a))),
    );
    expect(
      await requestSettingsChange({ refundApprovalThresholds: { USD: 50_000, GBP: 100 } }, as(staffOf(b))),
    ).toHaveProperty("applied");
    await approve(usd.id, {}, as(staffOf(b)));
    expect(await thresholds()).toEqual({ USD: 60_000, GBP: 100 });

    const again = pendingOf(
      await requestSettingsChange({ refundApprovalThresholds: { USD: 70_000, GBP: 100 } }, as(staffOf(a))),
    );
    await updateSettings({ refundApprovalThresholds: { USD: 1, GBP: 100 } }, "elsewhere");
    await expect(approve(again.id, {}, as(staffOf(b)))).rejects.toMatchObject({
      name: "Conflict",
      rule: "changed_since",
      message: expect.stringContaining("USD: 60000 → 1"),
    });
    expect(await thresholds()).toEqual({ USD: 1, GBP: 100 });
    expect((await db.pendingChange.findUniqueOrThrow({ where: { id: again.id } })).status).toBe("pending");
  });

  it("item 5: a request whose requester is no longer an active admin is withdrawn, audited, and cannot be approved", async () => {
    const c = await user("admin", "carol");
    const first = pendingOf(
      await requestSettingsChange({ refundApprovalThresholds: { USD: 80_000, GBP: 40_000 } }, as(staffOf(a))),
    );
    const second = pendingOf(
      await requestSettingsChange(
        { refundApprovalPercent: null, refundApprovalThresholds: { USD: 50_000, GBP: 90_000 } },
        as(staffOf(c)),
      ),
    );
    await db.user.update({ where: { id: a.id }, data: { disabled: true } });
    await db.user.update({ where: { id: c.id }, data: { role: "finance" } });
    await expect(approve(first.id, {}, as(staffOf(b)))).rejects.toMatchObject({
      name: "Conflict",
      rule: "requester_inactive",
    });
    expect(await listPending()).toEqual([]);
    for (const id of [first.id, second.id]) {
      expect((await db.pendingChange.findUniqueOrThrow({ where: { id } })).status).toBe("withdrawn");
      const audited = await db.auditLog.findFirstOrThrow({
        where: { targetId: id, action: "pending_change.withdraw" },
      });
      expect(audited.reason).toBe("requester_inactive");
    }
    expect((await thresholds()).USD).toBe(50_000);
  });
});
