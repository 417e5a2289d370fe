import "server-only";
import type { db } from "@/lib/platform/db";
import { audit } from "@/lib/platform/audit/log";
import { can, isPermission, type Grants } from "@/lib/platform/auth/permissions";
import { isPrivileged, everAdminCount } from "@/lib/pending-changes";
import { ScimFailure } from "./protocol";

// Ending access is at once but never the last active admin; a loosening waits for a second admin.

type Tx = Parameters<Parameters<typeof db.$transaction>[0]>[0];

const grantsOf = async (tx: Tx, key: string): Promise<Grants> => {
  const role = await tx.staffRole.findUnique({ where: { key }, select: { permissions: true } });
  if (!role) throw new ScimFailure(400, `No role ${key}.`, "invalidValue");
  return { permissions: role.permissions.filter(isPermission) };
};

/** Changes a person's `disabled` flag and/or role from provisioning; audited as the identity provider's. */
export async function changeAccess(id: string, change: { disabled?: boolean; role?: string }, tx: Tx) {
  const admins = await tx.$queryRaw<{ id: string }[]>`
    SELECT u.id::text FROM users u JOIN roles r ON r.key = u.role
     WHERE 'users.manage' = ANY(r.permissions) AND NOT u.disabled ORDER BY u.id FOR UPDATE OF u`;
  const user = await tx.user.findUniqueOrThrow({ where: { id }, select: { role: true, disabled: true, email: true } });
  const role = change.role ?? user.role;
  const disabled = change.disabled ?? user.disabled;
  if (role === user.role && disabled === user.disabled) return;
  const after = await grantsOf(tx, role);
  const adminNow = admins.some((a) => a.id === id);
  if (adminNow && (disabled || !can(after, "users.manage")) && admins.length <= 1)
    throw new ScimFailure(400, "This is the last active admin: make another user admin first.", "mutability");
  const gives = (role !== user.role && isPrivileged(after)) || (!disabled && user.disabled && isPrivileged(after));
  if (gives && (await everAdminCount()) > 1)
    throw new ScimFailure(
      403,
      "Giving a privileged role, or enabling a privileged person again, needs a second admin: ask for it in the console.",
    );
  await tx.user.update({ where: { id }, data: { role, disabled } });
  await audit(
    {
      actor: null,
      action: "scim.user_access",
      result: "ok",
      reason: gives ? "single_admin" : undefined,
      targetType: "user",
      targetId: id,
      detail: { email: user.email, before: { role: user.role, disabled: user.disabled }, after: { role, disabled } },
    },
    tx,
  );
}
