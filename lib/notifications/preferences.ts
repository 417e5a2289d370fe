import "server-only";
import { db } from "@/lib/platform/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { isPreset, type Role } from "@/lib/platform/auth/permissions";
import { ALWAYS_EMAIL, NOTIFICATION_KINDS, type NotificationKind } from "./kinds";
import type { NotificationMode, QuietHours } from "./modes";

// A person's choice per event (issue 35).

export type PreferenceView = {
  kind: NotificationKind;
  mode: NotificationMode;
  roleDefault: NotificationMode;
  own: boolean;
  always: boolean;
};

const isAlways = (kind: string) => ALWAYS_EMAIL.includes(kind as NotificationKind);

/** A preset's defaults, set by a manager; a role of the merchant's has none of its own (e-mail). */
export async function roleDefaults(role: string): Promise<Record<NotificationKind, NotificationMode>> {
  const rows = isPreset(role) ? await db.notificationRoleDefault.findMany({ where: { role } }) : [];
  const chosen = new Map(rows.map((r) => [r.kind, r.mode]));
  return Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, isAlways(kind) ? "email" : (chosen.get(kind) ?? "email")]),
  ) as Record<NotificationKind, NotificationMode>;
}

export async function getPreferences(userId: string): Promise<PreferenceView[]> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { role: true } });
  const [rows, defaults] = await Promise.all([
    db.notificationPreference.findMany({ where: { userId } }),
    roleDefaults(user.role),
  ]);
  const chosen = new Map(rows.map((r) => [r.kind, r.mode]));
  return NOTIFICATION_KINDS.map((kind) => {
    const always = isAlways(kind);
    const own = chosen.get(kind);
    const roleDefault = defaults[kind];
    return { kind, mode: always ? "email" : (own ?? roleDefault), roleDefault, own: !always && !!own, always };
  });
}

type Choices = Partial<Record<NotificationKind, NotificationMode | null>>;
const changeable = (choices: Choices) =>
  Object.entries(choices).filter((e): e is [NotificationKind, NotificationMode | null] => !isAlways(e[0]));

/** Stores the person's own choices; null forgets one (their role's default applies again). */
export async function setPreferences(
  userId: string,
  choices: Choices,
  { quiet, also = [] }: { quiet?: QuietHours | null; also?: Prisma.PrismaPromise<unknown>[] } = {},
) {
  await db.$transaction([
    ...changeable(choices).map(([kind, mode]) =>
      mode === null
        ? db.notificationPreference.deleteMany({ where: { userId, kind } })
        : db.notificationPreference.upsert({
            where: { userId_kind: { userId, kind } },
            create: { userId, kind, mode },
            update: { mode },
          }),
    ),
    ...(quiet === undefined
      ? []
      : quiet === null
        ? [db.notificationQuietHours.deleteMany({ where: { userId } })]
        : [db.notificationQuietHours.upsert({ where: { userId }, create: { userId, ...quiet }, update: quiet })]),
    ...also,
  ]);
  return getPreferences(userId);
}

/** A manager's defaults for everyone of a role; null forgets one (e-mail again); `also` in the same transaction. */
export async function setRoleDefaults(role: Role, choices: Choices, also: Prisma.PrismaPromise<unknown>[] = []) {
  await db.$transaction([
    ...changeable(choices).map(([kind, mode]) =>
      mode === null
        ? db.notificationRoleDefault.deleteMany({ where: { role, kind } })
        : db.notificationRoleDefault.upsert({
            where: { role_kind: { role, kind } },
            create: { role, kind, mode },
            update: { mode },
          }),
    ),
    ...also,
  ]);
  return roleDefaults(role);
}

export async function getQuietHours(userId: string): Promise<QuietHours | null> {
  return db.notificationQuietHours.findUnique({
    where: { userId },
    select: { startMinute: true, endMinute: true },
  });
}
