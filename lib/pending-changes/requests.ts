import "server-only";
import { againstNow } from "@/lib/platform/settings/version";
import { db } from "@/lib/platform/db";
import { Conflict, NotFound } from "@/lib/platform/errors";
import { resetMfa } from "@/lib/platform/auth/mfa";
import { tellMfaReset } from "@/lib/notifications";
import type { Actor } from "@/lib/platform/auth/actor";
import { loadSettings, updateSettings, type SettingsChange } from "@/lib/platform/settings/service";
import { type CreateUserInput, type UpdateUserInput, createUser, resetPassword, updateUser } from "@/lib/users";
import { isPrivileged, settingsLines, settingsLoosening, userUpdateLoosens } from "./rules";
import { gate } from "./store";
import { settingsMoves } from "./moves";
import type { Prisma } from "@/lib/generated/prisma/client";
import { gained, grantsOf, roleOrThrow, updateRole } from "@/lib/roles";
import type { UpdateRoleInput } from "@/lib/roles/shared";
import { isPermission } from "@/lib/platform/auth/permissions";
import { keyed } from "@/lib/platform/keyed";

const LINE = "common.pending.line";
const permissionKey = (p: string) => `common.permissions.${p.replaceAll(".", "_")}`;

// What the settings and users routes call.

export async function requestSettingsChange(sent: SettingsChange, actor: Actor, version: string | null = null) {
  const { settings: current } = await loadSettings();
  const { change, moved } = againstNow(version, current, sent);
  if (moved.length)
    throw new Conflict(
      `Changed by someone else since this page was opened: ${moved.join(", ")}. Reload the page to see the new values, then make your change again.`,
      "settings_moved",
      { moved },
    );
  const request = {
    kind: "settings.update" as const,
    payload: { moves: settingsMoves(current, change) } as Prisma.InputJsonValue,
    lines: settingsLines(current, change),
    loosens: settingsLoosening(current, change).length > 0,
  };
  return gate(request, actor, (decided) =>
    updateSettings(
      change,
      actor.user.email,
      {},
      { actor, action: "settings.update", result: "ok", reason: decided.reason, detail: change },
    ),
  );
}

export async function requestUserCreate(input: CreateUserInput, actor: Actor) {
  const loosens = isPrivileged(await grantsOf(input.role));
  if (loosens && (await db.user.findUnique({ where: { email: input.email }, select: { id: true } }))) {
    throw new Conflict(`A user with the email ${input.email} already exists.`, "duplicate_email");
  }
  const payload = loosens ? { email: input.email, name: input.name, role: input.role } : {};
  const lines = [keyed(`${LINE}.userCreate`, { email: input.email, name: input.name, asRole: input.role })];
  return gate({ kind: "user.create", targetId: input.email, payload, lines, loosens }, actor, (decided) =>
    createUser(input, actor, decided),
  );
}

async function target(id: string) {
  const user = await db.user.findUnique({
    where: { id },
    select: { email: true, role: true, disabled: true, staffRole: { select: { permissions: true } } },
  });
  if (!user) throw new NotFound("No such user.");
  const { staffRole, ...rest } = user;
  return { ...rest, permissions: staffRole.permissions.filter(isPermission) };
}

export async function requestUserUpdate(id: string, input: UpdateUserInput, actor: Actor) {
  const user = await target(id);
  const lines = [
    ...(input.role !== undefined && input.role !== user.role
      ? [keyed(`${LINE}.userRole`, { email: user.email, beforeRole: user.role, afterRole: input.role })]
      : []),
    ...(input.disabled !== undefined && input.disabled !== user.disabled
      ? [keyed(`${LINE}.${user.disabled ? "userEnabled" : "userDisabled"}`, { email: user.email })]
      : []),
    ...(input.name !== undefined ? [keyed(`${LINE}.userName`, { email: user.email, name: input.name })] : []),
  ];
  const request = {
    kind: "user.update" as const,
    targetId: id,
    payload: { change: input, before: { role: user.role, disabled: user.disabled } },
    lines,
    loosens: userUpdateLoosens(user, input, input.role ? await grantsOf(input.role) : undefined),
  };
  return gate(request, actor, (decided) => updateUser(id, input, actor, decided));
}

/** A reset of a finance, manager or admin user's sign-in lets whoever gets it act as them. */
export async function requestPasswordReset(id: string, actor: Actor) {
  const user = await target(id);
  const request = {
    kind: "user.password_reset" as const,
    targetId: id,
    payload: {},
    lines: [keyed(`${LINE}.passwordReset`, { email: user.email, userRole: user.role })],
    loosens: isPrivileged(user),
  };
  return gate(request, actor, (decided) => resetPassword(id, actor, decided));
}

export async function requestMfaReset(id: string, actor: Actor) {
  const user = await target(id);
  const request = {
    kind: "user.mfa_reset" as const,
    targetId: id,
    payload: {},
    lines: [keyed(`${LINE}.mfaReset`, { email: user.email, userRole: user.role })],
    loosens: isPrivileged(user),
  };
  return gate(request, actor, (decided) => resetMfa(id, actor, decided, tellMfaReset));
}

/** A role gaining any permission waits for a second admin; a rename or a permission taken away applies at once. */
export async function requestRoleUpdate(key: string, input: UpdateRoleInput, actor: Actor) {
  const role = await roleOrThrow(key);
  const added = input.permissions ? gained(role.permissions, input.permissions) : [];
  const removed = input.permissions ? role.permissions.filter((p) => !(input.permissions as string[]).includes(p)) : [];
  const lines = [
    ...(input.name !== undefined && input.name !== role.name
      ? [keyed(`${LINE}.roleName`, { before: role.name, after: input.name })]
      : []),
    ...added.map((p) => keyed(`${LINE}.roleGains`, { targetRole: key, permissionKey: permissionKey(p) })),
    ...removed.map((p) => keyed(`${LINE}.roleLoses`, { targetRole: key, permissionKey: permissionKey(p) })),
  ];
  const request = {
    kind: "role.update" as const,
    targetId: key,
    payload: { change: input, before: { permissions: role.permissions } },
    lines,
    loosens: added.length > 0,
  };
  return gate(request, actor, (decided) => updateRole(key, input, role.permissions, actor, decided));
}
