import "server-only";
import { db } from "@/lib/platform/db";
import { Conflict, Invalid, NotFound } from "@/lib/platform/errors";
import { audit, type Decided } from "@/lib/platform/audit/log";
import { isPermission, type Grants, type Permission } from "@/lib/platform/auth/permissions";
import type { Actor } from "@/lib/platform/auth/actor";
import { Prisma } from "@/lib/generated/prisma/client";
import type { CreateRoleInput, UpdateRoleInput } from "./schemas";

type Client = Pick<typeof db, "staffRole">;

const fields = { key: true, name: true, permissions: true, preset: true, updatedAt: true } as const;

const asGrants = (permissions: string[]): Grants => ({ permissions: permissions.filter(isPermission) });

export async function listRoles() {
  const roles = await db.staffRole.findMany({
    select: { ...fields, _count: { select: { users: true } } },
    orderBy: [{ preset: "desc" }, { key: "asc" }],
  });
  return roles.map(({ _count, permissions, updatedAt, ...r }) => ({
    ...r,
    permissions: asGrants(permissions).permissions,
    users: _count.users,
    updatedAt: updatedAt.toISOString(),
  }));
}

/** What a role holds; an unknown key is the caller's mistake (a form's stale choice). */
export async function grantsOf(key: string, client: Client = db): Promise<Grants> {
  const role = await client.staffRole.findUnique({ where: { key }, select: { permissions: true } });
  if (!role) throw new Invalid("Choose a role that exists.", "unknown_role", { field: "role" });
  return asGrants(role.permissions);
}

/** A new role holds nobody, so it applies at once; giving it to someone is a user change (two admins). */
export async function createRole(input: CreateRoleInput, actor: Actor) {
  try {
    return await db.$transaction(async (tx) => {
      const role = await tx.staffRole.create({ data: { ...input, preset: false }, select: fields });
      await audit(
        { actor, action: "role.create", result: "ok", targetType: "role", targetId: role.key, detail: input },
        tx,
      );
      return role;
    });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")
      throw new Conflict(`A role with the key ${input.key} already exists.`, "duplicate_role");
    throw error;
  }
}

/** The permissions a change adds to a role: any of them makes it wait for a second admin. */
export const gained = (before: readonly string[], after: readonly Permission[]) =>
  after.filter((p) => !before.includes(p));

export async function roleOrThrow(key: string, client: Client = db) {
  const role = await client.staffRole.findUnique({ where: { key }, select: fields });
  if (!role) throw new NotFound("No such role.");
  if (role.preset)
    throw new Conflict("A preset role cannot be changed: make a role of your own from it.", "preset_role");
  return role;
}

/** Renames a role or sets its permissions, from the permissions it was decided against (`against`). */
export async function updateRole(
  key: string,
  input: UpdateRoleInput,
  against: readonly string[],
  actor: Actor,
  decided: Decided = {},
) {
  return db.$transaction(async (tx) => {
    await decided.within?.(tx);
    const [locked] = await tx.$queryRaw<{ permissions: string[] }[]>`
      SELECT permissions FROM roles WHERE key = ${key} FOR UPDATE`;
    if (locked && [...locked.permissions].sort().join() !== [...against].sort().join())
      throw new Conflict(
        "This role changed since it was read. Reload the page and make your change again.",
        "changed_since",
      );
    const admins = await tx.$queryRaw<{ id: string; role: string }[]>`
      SELECT u.id::text, u.role FROM users u JOIN roles r ON r.key = u.role
       WHERE 'users.manage' = ANY(r.permissions) AND NOT u.disabled ORDER BY u.id FOR UPDATE OF u`;
    const before = await roleOrThrow(key, tx);
    if (input.permissions && !input.permissions.includes("users.manage") && admins.every((a) => a.role === key))
      throw new Conflict("This is the last active admin. Make another user admin first.", "last_active_admin");
    const role = await tx.staffRole.update({ where: { key }, data: input, select: fields });
    await audit(
      {
        actor,
        action: "role.update",
        result: "ok",
        reason: decided.reason,
        targetType: "role",
        targetId: key,
        detail: { ...input, before: { name: before.name, permissions: before.permissions } },
      },
      tx,
    );
    return role;
  });
}
