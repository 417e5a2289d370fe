import "server-only";
import { randomBytes } from "node:crypto";
import { db } from "@/lib/platform/db";
import { audit } from "@/lib/platform/audit/log";
import type { Actor } from "@/lib/platform/auth/actor";
import { hashPassword } from "@/lib/platform/auth/password";
import { can, isPermission, NO_ACCESS, type Grants } from "@/lib/platform/auth/permissions";
import type { SsoConfig } from "./config";

// Who a verified ID token is, and with which role: the decisions are in docs/security.md (single sign-on).

export type Refusal = "unmapped" | "unverified_email" | "disabled";
type Claims = Record<string, unknown>;

export function groupsOf(claims: Claims, claim: string): string[] {
  const value = claims[claim];
  if (typeof value === "string") return [value];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

/** The first mapping whose group the person holds and whose role exists and grants something. */
export async function mappedRole(cfg: SsoConfig, groups: string[]) {
  const roles = await db.staffRole.findMany({ select: { key: true, permissions: true } });
  for (const mapping of cfg.mappings) {
    if (!groups.includes(mapping.group)) continue;
    const role = roles.find((r) => r.key === mapping.role && r.key !== NO_ACCESS);
    const permissions = role?.permissions.filter(isPermission) ?? [];
    if (role && permissions.length > 0) return { key: role.key, group: mapping.group, grants: { permissions } };
  }
  return null;
}

export type Person = { id: string; email: string; grants: Grants; created: boolean };

export async function personFor(
  claims: Claims,
  cfg: SsoConfig,
  actor: Actor<null>,
): Promise<{ person: Person } | { refused: Refusal; detail: Record<string, unknown> }> {
  const email = typeof claims.email === "string" ? claims.email.trim().toLowerCase() : "";
  if (!email || claims.email_verified !== true) return { refused: "unverified_email", detail: { email } };
  const groups = groupsOf(claims, cfg.groupsClaim);
  const role = await mappedRole(cfg, groups);
  if (!role) return { refused: "unmapped", detail: { email, groups } };
  const name = typeof claims.name === "string" && claims.name.trim() ? claims.name.trim().slice(0, 100) : email;
  const passwordHash = await hashPassword(randomBytes(24).toString("base64url"));
  return db.$transaction(async (tx) => {
    const admins = await tx.$queryRaw<{ id: string }[]>`
      SELECT u.id::text FROM users u JOIN roles r ON r.key = u.role
       WHERE 'users.manage' = ANY(r.permissions) AND NOT u.disabled ORDER BY u.id FOR UPDATE OF u`;
    const user = await tx.user.findUnique({ where: { email }, select: { id: true, role: true, disabled: true } });
    if (user?.disabled) return { refused: "disabled" as const, detail: { email } };
    if (!user) {
      const created = await tx.user.create({
        data: { email, name, role: role.key, passwordHash },
        select: { id: true },
      });
      await audit(
        {
          actor,
          action: "sso.user_create",
          result: "ok",
          targetType: "user",
          targetId: created.id,
          detail: { email, role: role.key, group: role.group },
        },
        tx,
      );
      return { person: { id: created.id, email, grants: role.grants, created: true } };
    }
    const lastAdmin = admins.length <= 1 && admins.some((a) => a.id === user.id) && !can(role.grants, "users.manage");
    if (user.role !== role.key && !lastAdmin) {
      await tx.user.update({ where: { id: user.id }, data: { role: role.key } });
      await audit(
        {
          actor,
          action: "sso.role_set",
          result: "ok",
          targetType: "user",
          targetId: user.id,
          detail: { email, before: user.role, after: role.key, group: role.group },
        },
        tx,
      );
    }
    const kept = user.role !== role.key && lastAdmin;
    const grants = kept
      ? {
          permissions: (await tx.staffRole.findUniqueOrThrow({ where: { key: user.role } })).permissions.filter(
            isPermission,
          ),
        }
      : role.grants;
    return { person: { id: user.id, email, grants, created: false } };
  });
}
