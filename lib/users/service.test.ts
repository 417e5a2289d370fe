import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { createUser, updateUser } from "./service";
import { Conflict } from "@/lib/platform/errors";
import { actorFor } from "@/lib/platform/auth/actor";
import { staffOf } from "@/test/staff";

// Runs against the real PostgreSQL that `npm test` starts.
const actor = actorFor(
  staffOf({
    id: "00000000-0000-4000-8000-000000000001",
    email: "tester@example.com",
    name: "Tester",
    role: "admin" as const,
  }),
);

async function admin(label: string) {
  return createUser(
    {
      email: `${label}-${Math.random().toString(36).slice(2)}@example.com`,
      name: label,
      role: "admin",
      password: "long-enough-password",
    },
    null,
  );
}

describe("users service", () => {
  beforeEach(async () => {
    await db.user.deleteMany();
  });

  it("refuses a duplicate email with a conflict", async () => {
    await createUser({ email: "dup@example.com", name: "A", role: "ops", password: "long-enough-password" }, null);
    await expect(
      createUser({ email: "dup@example.com", name: "B", role: "ops", password: "long-enough-password" }, null),
    ).rejects.toMatchObject({ name: "Conflict", rule: "duplicate_email" });
  });

  it("keeps the last active admin", async () => {
    const only = await admin("only");
    await expect(updateUser(only.id, { disabled: true }, actor)).rejects.toBeInstanceOf(Conflict);
    await expect(updateUser(only.id, { role: "finance" }, actor)).rejects.toMatchObject({
      name: "Conflict",
      rule: "last_active_admin",
    });
  });

  it("lets only one of two admins demoting each other at once succeed", async () => {
    const a = await admin("a");
    const b = await admin("b");
    const results = await Promise.allSettled([
      updateUser(a.id, { role: "ops" }, actor),
      updateUser(b.id, { disabled: true }, actor),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await db.user.count({ where: { role: "admin", disabled: false } })).toBe(1);
  });

  it("writes the audit log, which refuses updates and deletes", async () => {
    const u = await admin("audited");
    const entry = await db.auditLog.findFirstOrThrow({ where: { targetId: u.id, action: "user.create" } });
    await expect(db.auditLog.update({ where: { id: entry.id }, data: { result: "forged" } })).rejects.toThrow(
      /append-only/,
    );
    await expect(db.auditLog.delete({ where: { id: entry.id } })).rejects.toThrow(/append-only/);
  });
});
