import "server-only";
import { db } from "@/lib/platform/db";
import { ALWAYS_EMAIL, NOTIFICATION_KINDS, type NotificationKind } from "./kinds";

// A person's choice per event: e-mail too (the default) or console only. Security notices are
// e-mailed whatever is stored (the outbox ignores the choice for them), and shown as such.

export type PreferenceView = { kind: NotificationKind; email: boolean; always: boolean };

export async function getPreferences(userId: string): Promise<PreferenceView[]> {
  const rows = await db.notificationPreference.findMany({ where: { userId } });
  const chosen = new Map(rows.map((r) => [r.kind, r.email]));
  return NOTIFICATION_KINDS.map((kind) => {
    const always = ALWAYS_EMAIL.includes(kind);
    return { kind, email: always || (chosen.get(kind) ?? true), always };
  });
}

/** Stores the person's own choices; a security notice cannot be turned off (its choice is not stored). */
export async function setPreferences(userId: string, choices: Partial<Record<NotificationKind, boolean>>) {
  const entries = Object.entries(choices).filter(
    (e): e is [NotificationKind, boolean] =>
      typeof e[1] === "boolean" && !ALWAYS_EMAIL.includes(e[0] as NotificationKind),
  );
  await db.$transaction(
    entries.map(([kind, email]) =>
      db.notificationPreference.upsert({
        where: { userId_kind: { userId, kind } },
        create: { userId, kind, email },
        update: { email },
      }),
    ),
  );
  return getPreferences(userId);
}
