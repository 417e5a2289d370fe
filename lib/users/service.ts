import "server-only";
import { notify, roleChanged } from "@/lib/notifications";
import { db } from "@/lib/platform/db";
import { Conflict, Invalid, NotFound } from "@/lib/platform/errors";
import { hashPassword, randomFrom, verifyPassword } from "@/lib/platform/auth/password";
import { audit, type Decided } from "@/lib/platform/audit/log";
import type { Actor } from "@/lib/platform/auth/actor";
import type { CurrentUser } from "@/lib/platform/auth/session";
import type { CreateUserInput, UpdateUserInput } from "@/lib/users/schemas";
import { Prisma } from "@/lib/generated/prisma/client";
import { containsText } from "@/lib/platform/api/list-params";
import { can } from "@/lib/platform/auth/permissions";
import { grantsOf } from "@/lib/roles";
import { emailForDisplay } from "@/lib/platform/idn";
import type { FilterOf } from "@/lib/platform/api/list-schema";
import type { userSearchParams } from "./search-params";

/** The users list's filter (./search-params.ts): a fragment of the email or name, a role, active or disabled. */
export type UserFilter = Partial<FilterOf<typeof userSearchParams>>;

const publicFields = {
  id: true,
  email: true,
  name: true,
  role: true,
  disabled: true,
  lastSignInAt: true,
  createdAt: true,
  mustChangePassword: true,
} as const;

/** A user to create whose password is already hashed (a pending change never holds a password). */
export type HashedUserInput = Omit<CreateUserInput, "password"> & { passwordHash: string };

/** Users with what an admin needs beside the role: second factor on, live sessions. */
export async function listUsers(f: UserFilter = {}) {
  const users = await db.user.findMany({
    where: {
      ...(f.q ? { OR: [{ email: containsText(f.q) }, { name: containsText(f.q) }] } : {}),
      ...(f.role ? { role: f.role } : {}),
      ...(f.status ? { disabled: f.status === "disabled" } : {}),
    },
    select: { ...publicFields, mfa: { select: { enabledAt: true } } },
    orderBy: [{ disabled: "asc" }, { email: "asc" }],
  });
  const live = await db.$queryRaw<{ user_id: string; n: bigint }[]>`
    SELECT user_id::text, count(*) AS n FROM sessions
    WHERE revoked_at IS NULL AND expires_at > now() GROUP BY user_id`;
  const sessions = new Map(live.map((r) => [r.user_id, Number(r.n)]));
  return users.map(({ mfa, ...u }) => ({
    ...u,
    ...(emailForDisplay(u.email) !== u.email ? { emailShown: emailForDisplay(u.email) } : {}),
    mfaEnabled: !!mfa?.enabledAt,
    activeSessions: sessions.get(u.id) ?? 0,
  }));
}

/** `actor` null: a user made by a script (the seed), with no one to name. */
export async function createUser(input: CreateUserInput | HashedUserInput, actor: Actor | null, decided: Decided = {}) {
  const passwordHash = "passwordHash" in input ? input.passwordHash : await hashPassword(input.password);
  try {
    return await db.$transaction(async (tx) => {
      await decided.within?.(tx);
      const user = await tx.user.create({
        data: { email: input.email, name: input.name, role: input.role, passwordHash, mustChangePassword: true },
        select: publicFields,
      });
      await audit(
        {
          actor,
          action: "user.create",
          result: "ok",
          reason: decided.reason,
          targetType: "user",
          targetId: user.id,
          detail: { email: user.email, role: user.role },
        },
        tx,
      );
      return user;
    });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw new Conflict(`A user with the email ${input.email} already exists.`, "duplicate_email");
    }
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2003")
      throw new Invalid("Choose a role that exists.", "unknown_role", { field: "role" });
    throw error;
  }
}

/** Changes role, name or the disabled flag. */
export async function updateUser(id: string, input: UpdateUserInput, actor: Actor, decided: Decided = {}) {
  const user = await db.$transaction(async (tx) => {
    await decided.within?.(tx);
    const admins = await tx.$queryRaw<{ id: string }[]>`
      SELECT u.id::text FROM users u JOIN roles r ON r.key = u.role
       WHERE 'users.manage' = ANY(r.permissions) AND NOT u.disabled ORDER BY u.id FOR UPDATE OF u`;
    const target = await tx.user.findUnique({ where: { id }, select: publicFields });
    if (!target) throw new NotFound("No such user.");
    const adminNow = admins.some((a) => a.id === id);
    const adminAfter = input.role ? can(await grantsOf(input.role, tx), "users.manage") : adminNow;
    const losesAdmin = adminNow && (input.disabled === true || !adminAfter);
    if (losesAdmin && admins.length <= 1) {
      throw new Conflict("This is the last active admin. Make another user admin first.", "last_active_admin");
    }
    const updated = await tx.user.update({ where: { id }, data: input, select: publicFields });
    if (input.role && input.role !== target.role) await notify(tx, roleChanged(updated, input.role, actor.user.email));
    await audit(
      {
        actor,
        action: "user.update",
        result: "ok",
        reason: decided.reason,
        targetType: "user",
        targetId: id,
        detail: { ...input },
      },
      tx,
    );
    return updated;
  });
  return user;
}

// 16 characters from an alphabet without look-alikes (about 93 bits).
export const temporaryPassword = () => randomFrom("ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789", 16);

export async function resetPassword(
  id: string,
  actor: Actor,
  decided: Decided = {},
): Promise<{ temporaryPassword: string }> {
  const password = temporaryPassword();
  const passwordHash = await hashPassword(password);
  await db.$transaction(async (tx) => {
    await decided.within?.(tx);
    const { count } = await tx.user.updateMany({
      where: { id },
      data: { passwordHash, mustChangePassword: true, passwordChangedAt: new Date() },
    });
    if (!count) throw new NotFound("No such user.");
    await audit(
      { actor, action: "user.password_reset", result: "ok", reason: decided.reason, targetType: "user", targetId: id },
      tx,
    );
  });
  return { temporaryPassword: password };
}

/** A user changes their own password (required after a reset). */
export async function changeOwnPassword(
  { currentPassword, newPassword }: { currentPassword: string; newPassword: string },
  actor: Actor<CurrentUser>,
) {
  const { user } = actor;
  const row = await db.user.findUnique({ where: { id: user.id }, select: { passwordHash: true } });
  if (!row || !(await verifyPassword(currentPassword, row.passwordHash))) {
    await audit({
      actor,
      action: "user.password_change",
      result: "denied",
      reason: "wrong current password",
      targetType: "user",
      targetId: user.id,
    });
    throw new Invalid("The current password is not right.", "wrong_current_password", { field: "currentPassword" });
  }
  const passwordHash = await hashPassword(newPassword);
  await db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT set_config('console.keep_session', ${user.sessionId}, true)`;
    await tx.user.update({
      where: { id: user.id },
      data: { passwordHash, mustChangePassword: false, passwordChangedAt: new Date() },
    });
  });
  await audit({ actor, action: "user.password_change", result: "ok", targetType: "user", targetId: user.id });
}

/** Ends every other session of this user (a lost laptop, a shared computer). */
export async function endOtherSessions(actor: Actor<CurrentUser>): Promise<number> {
  const { user } = actor;
  const count = await db.$executeRaw`
    UPDATE sessions SET revoked_at = now(), revoked_reason = 'ended by the user'
    WHERE user_id = ${user.id}::uuid AND id <> ${user.sessionId}::uuid AND revoked_at IS NULL`;
  await audit({ actor, action: "auth.sessions_end", result: "ok", detail: { ended: count } });
  return count;
}

/** This user's live sessions, newest first, for the security page. */
export function listOwnSessions(user: CurrentUser) {
  return db.session.findMany({
    where: { userId: user.id, revokedAt: null, expiresAt: { gt: new Date() } },
    select: { id: true, createdAt: true, lastSeenAt: true, ip: true, userAgent: true },
    orderBy: { createdAt: "desc" },
    take: 20,
  });
}
