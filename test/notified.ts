import { randomUUID } from "node:crypto";
import { db } from "@/lib/platform/db";
import type { Role } from "@/lib/platform/auth/permissions";
import { createUser } from "@/lib/users/service";

// For the events' tests (issue 35): fresh people of a role, with the others of that role
// disabled so each test sees exactly whom an event reaches, and what was recorded for them.

/** Disables every active user of these roles: an event's audience is then the test's own people. */
export async function onlyNewPeople(...roles: Role[]) {
  await db.user.updateMany({ where: { role: { in: roles } }, data: { disabled: true } });
}

export const person = (role: Role) =>
  createUser(
    { email: `${role}-${randomUUID().slice(0, 8)}@example.com`, name: role, role, password: "long-enough-password" },
    null,
  );

/** The events of a kind, each with the people its console rows reach (sorted). */
export async function eventsOf(kind: string) {
  const events = await db.notificationEvent.findMany({
    where: { kind },
    include: { deliveries: { where: { channel: "console" }, select: { userId: true } } },
    orderBy: { createdAt: "asc" },
  });
  return events.map((e) => ({
    params: e.params as Record<string, unknown>,
    link: e.link,
    to: e.deliveries.map((d) => d.userId).sort(),
  }));
}

export const ids = (...people: { id: string }[]) => people.map((p) => p.id).sort();
