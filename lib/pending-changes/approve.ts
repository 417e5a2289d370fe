import "server-only";
import { z } from "zod";
import { db } from "@/lib/platform/db";
import { Conflict, Invalid, NotFound } from "@/lib/platform/errors";
import { audit, auditWrite, type AuditEntry } from "@/lib/platform/audit/log";
import { messageText } from "@/lib/platform/i18n/message-text";
import { resetMfa } from "@/lib/platform/auth/mfa";
import { tellMfaReset, notificationWrites, notify, changeClosed } from "@/lib/notifications";
import type { Actor } from "@/lib/platform/auth/actor";
import type { PendingChange, Prisma } from "@/lib/generated/prisma/client";
import { loadSettings, settingsUpdateSchema, updateSettings } from "@/lib/platform/settings/service";
import {
  createUserSchema,
  updateUserSchema,
  createUser,
  resetPassword,
  temporaryPassword,
  updateUser,
} from "@/lib/users";
import { updateRoleSchema } from "@/lib/roles/shared";
import { roleOrThrow, updateRole } from "@/lib/roles";
import type { Decided } from "@/lib/platform/audit/log";
import { changeOf, movedSince, movesPayloadSchema } from "./moves";
import { moveLabel } from "./rules";
import { openChange, refuse, view, type Kind } from "./store";
import { applyCredentialChange } from "./credentials";
import { applySsoChange } from "./sso";

const createPayload = createUserSchema.omit({ password: true });
const updatePayload = z.object({
  change: updateUserSchema,
  before: z.object({ role: z.string(), disabled: z.boolean() }),
});
const rolePayload = z.object({ change: updateRoleSchema, before: z.object({ permissions: z.array(z.string()) }) });

function refuseMoved(moved: string[]) {
  if (moved.length)
    throw new Conflict(
      `This changed since it was asked for (${moved.join("; ")}). Reject it and ask again.`,
      "changed_since",
    );
}

function stored<S extends z.ZodType>(schema: S, payload: unknown): z.output<S> {
  const parsed = schema.safeParse(payload);
  if (!parsed.success)
    throw new Invalid("This change no longer passes the console's checks. Reject it and ask again.", "no_longer_valid");
  return parsed.data;
}

type Claim = { decided: Decided; batch: Prisma.PrismaPromise<unknown>[] };
type Apply = (row: PendingChange, actor: Actor, claim: Claim) => Promise<Record<string, unknown>>;

const APPLY: Record<Kind, Apply> = {
  "settings.update": async (row, actor, { decided, batch }) => {
    const { moves } = stored(movesPayloadSchema, row.payload);
    const { settings: current } = await loadSettings();
    refuseMoved(movedSince(current, moves, moveLabel));
    const change = stored(settingsUpdateSchema, changeOf(current, moves));
    const entry: AuditEntry = {
      actor,
      action: "settings.update",
      result: "ok",
      reason: decided.reason,
      detail: change,
    };
    return { settings: await updateSettings(change, actor.user.email, {}, entry, batch) };
  },
  "settings.credential": (row, actor, { decided }) => applyCredentialChange["settings.credential"](row, actor, decided),
  "settings.chat_set": (row, actor, { decided }) => applyCredentialChange["settings.chat_set"](row, actor, decided),
  "settings.chat_remove": (row, actor, { decided }) =>
    applyCredentialChange["settings.chat_remove"](row, actor, decided),
  "settings.sso_provider": (row, actor, { decided }) => applySsoChange["settings.sso_provider"](row, actor, decided),
  "settings.sso_policy": (row, actor, { decided }) => applySsoChange["settings.sso_policy"](row, actor, decided),
  "user.create": async (row, actor, { decided }) => {
    const password = temporaryPassword();
    const user = await createUser({ ...stored(createPayload, row.payload), password }, actor, decided);
    return { user, temporaryPassword: password };
  },
  "user.update": async (row, actor, { decided }) => {
    const { change, before } = stored(updatePayload, row.payload);
    const now = await db.user.findUnique({ where: { id: row.targetId! }, select: { role: true, disabled: true } });
    if (!now) throw new NotFound("No such user.");
    refuseMoved(
      (["role", "disabled"] as const)
        .filter((k) => change[k] !== undefined && now[k] !== before[k])
        .map((k) => `${k}: ${before[k]} → ${now[k]}`),
    );
    return { user: await updateUser(row.targetId!, change, actor, decided) };
  },
  // The temporary password is shown once to the approving admin, never to the requester, and never stored.
  "user.password_reset": async (row, actor, { decided }) => resetPassword(row.targetId!, actor, decided),
  "user.mfa_reset": async (row, actor, { decided }) => {
    await resetMfa(row.targetId!, actor, decided, tellMfaReset);
    return { ok: true };
  },
  "role.update": async (row, actor, { decided }) => {
    const { change, before } = stored(rolePayload, row.payload);
    const now = await roleOrThrow(row.targetId!);
    if ([...now.permissions].sort().join() !== [...before.permissions].sort().join())
      refuseMoved([`permissions of ${row.targetId}: ${before.permissions.join(", ")} → ${now.permissions.join(", ")}`]);
    return { role: await updateRole(row.targetId!, change, before.permissions, actor, decided) };
  },
};

export async function approve(id: string, { comment }: { comment?: string }, actor: Actor) {
  const row = await openChange(id, actor);
  if (row.requestedById === actor.user.id) {
    await refuse(
      actor,
      "pending_change.approve",
      id,
      "own change",
      "own_change",
      "You asked for this change: another admin must approve it.",
    );
  }
  const decision = {
    status: "approved" as const,
    decidedById: actor.user.id,
    decidedByEmail: actor.user.email,
    decidedAt: new Date(),
    comment: comment ?? null,
  };
  const approval: AuditEntry = {
    actor,
    action: "pending_change.approve",
    result: "ok",
    targetType: "pending_change",
    targetId: id,
    reason: comment,
    detail: {
      kind: row.kind,
      requestedBy: row.requestedByEmail,
      lines: ((row.summary as { lines?: string[] }).lines ?? []).map((l) => messageText(l)),
    },
  };
  const still = { id, status: "pending" as const, expiresAt: { gt: new Date() } };
  const told = changeClosed(row, "approved", actor.user);
  const claim: Claim = {
    decided: {
      reason: `approved pending change ${id} asked by ${row.requestedByEmail}`,
      within: async (tx) => {
        const { count } = await tx.pendingChange.updateMany({ where: still, data: decision });
        if (!count) throw new Conflict("This change is no longer waiting.", "already_decided");
        await audit(approval, tx);
        await notify(tx, told);
      },
    },
    batch: [
      db.pendingChange.update({ where: still, data: decision }),
      auditWrite(approval),
      ...notificationWrites(db, told),
    ],
  };
  let result: Record<string, unknown>;
  try {
    result = await APPLY[row.kind as Kind](row, actor, claim);
  } catch (error) {
    if ((error as { code?: string })?.code === "P2025")
      throw new Conflict("This change is no longer waiting.", "already_decided");
    throw error;
  }
  return { pendingChange: view(await db.pendingChange.findUniqueOrThrow({ where: { id } })), ...result };
}
