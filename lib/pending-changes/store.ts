import "server-only";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/platform/db";
import { Conflict, Forbidden, NotFound } from "@/lib/platform/errors";
import { audit } from "@/lib/platform/audit/log";
import { pendingResponse } from "@/lib/platform/api/responses";
import { messageText } from "@/lib/platform/i18n/message-text";
import { can, type Permission } from "@/lib/platform/auth/permissions";
import type { Actor } from "@/lib/platform/auth/actor";
import type { Prisma, PendingChange } from "@/lib/generated/prisma/client";
import { notify, changeAwaiting, changeClosed } from "@/lib/notifications";

/** A pending change nobody answered within this many hours can no longer be approved. */
export const PENDING_HOURS = 72;
/** The audit reason of a loosening change applied at once because no second admin exists. */
export const SINGLE_ADMIN = "single_admin";

export type Kind =
  | "settings.update"
  | "settings.credential"
  | "settings.chat_set"
  | "settings.chat_remove"
  | "settings.sso_provider"
  | "settings.sso_policy"
  | "user.create"
  | "user.update"
  | "user.password_reset"
  | "user.mfa_reset"
  | "role.update";
export type Request = {
  kind: Kind;
  targetId?: string;
  payload: Prisma.InputJsonValue | ((id: string) => Prisma.InputJsonValue);
  lines: string[];
  loosens: boolean;
};
export type Outcome<T> = { applied: T } | { pendingChange: PendingView };

/** A route's answer: 202 `{ pendingChange }` while the change waits for a second admin, else `answer(applied)`. */
export const answerOutcome = <T, A>(outcome: Outcome<T>, answer: (applied: T) => A) =>
  "pendingChange" in outcome ? pendingResponse(outcome.pendingChange) : answer(outcome.applied);

/** Admins who could be the second person today. */
export const activeAdminCount = () =>
  db.user.count({ where: { staffRole: { permissions: { has: "users.manage" } }, disabled: false } });
/** Every admin the merchant ever had (users.was_admin_at, kept through a disabling or a demotion). */
export const everAdminCount = () => db.user.count({ where: { wasAdminAt: { not: null } } });

/** How the two-admin rule stands, for the pages: one admin ever (single_admin), or nobody left to approve. */
export async function adminStanding() {
  const [ever, active] = await Promise.all([everAdminCount(), activeAdminCount()]);
  return { singleAdmin: ever <= 1, noApprover: ever > 1 && active <= 1 };
}

/** Who may answer a change of this kind. */
export const permissionFor = (kind: string): Permission =>
  kind.startsWith("settings.") ? "settings.manage" : "users.manage";

/** Applies the change at once when it does not loosen a control. */
export async function gate<T>(
  request: Request,
  actor: Actor,
  apply: (decided: { reason?: string }) => Promise<T>,
): Promise<Outcome<T>> {
  if (!request.loosens) return { applied: await apply({}) };
  if ((await everAdminCount()) <= 1) return { applied: await apply({ reason: SINGLE_ADMIN }) };
  const id = randomUUID();
  const row = await db.$transaction(async (tx) => {
    const created = await tx.pendingChange.create({
      data: {
        kind: request.kind,
        targetId: request.targetId ?? null,
        id,
        payload: typeof request.payload === "function" ? request.payload(id) : request.payload,
        summary: { lines: request.lines },
        requestedById: actor.user.id,
        requestedByEmail: actor.user.email,
        expiresAt: new Date(Date.now() + PENDING_HOURS * 3_600_000),
      },
    });
    await audit(
      {
        actor,
        action: "pending_change.request",
        result: "pending",
        targetType: "pending_change",
        targetId: created.id,
        detail: {
          kind: request.kind,
          target: request.targetId ?? null,
          lines: request.lines.map((l) => messageText(l)),
        },
      },
      tx,
    );
    await notify(tx, changeAwaiting(created));
    return created;
  });
  return { pendingChange: view(row) };
}

const linesOf = (row: PendingChange) => (row.summary as { lines?: string[] }).lines ?? [];

/** What the API and pages show: never the payload (a created user's password hash is in it). `lines` in
 * English, `messages` as stored (keyed: the pages say them in the reader's language). */
export function view(row: PendingChange) {
  return {
    id: row.id,
    kind: row.kind,
    targetId: row.targetId,
    lines: linesOf(row).map((l) => messageText(l)),
    messages: linesOf(row),
    requestedById: row.requestedById,
    requestedByEmail: row.requestedByEmail,
    requestedAt: row.requestedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    status: row.status,
    decidedByEmail: row.decidedByEmail,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    comment: row.comment,
  };
}
export type PendingView = ReturnType<typeof view>;

/** The audit reason, and the refusal's rule, of a change withdrawn because its requester left. */
export const REQUESTER_INACTIVE = "requester_inactive";

/** Withdraws (and audits) every waiting change whose requester is no longer an active admin. */
export async function withdrawOrphans() {
  await db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<
      { id: string; kind: string; requested_by_id: string; requested_by_email: string }[]
    >`
      UPDATE pending_changes p SET status = 'withdrawn', decided_at = now()
      WHERE p.status = 'pending' AND NOT EXISTS (
        SELECT 1 FROM users u JOIN roles r ON r.key = u.role
         WHERE u.id = p.requested_by_id AND 'users.manage' = ANY(r.permissions) AND NOT u.disabled)
      RETURNING p.id::text, p.kind, p.requested_by_id::text, p.requested_by_email`;
    for (const row of rows) {
      const closed = {
        id: row.id,
        kind: row.kind,
        requestedById: row.requested_by_id,
        requestedByEmail: row.requested_by_email,
      };
      await notify(tx, changeClosed(closed, "withdrawn", null));
      await audit(
        {
          actor: null,
          action: "pending_change.withdraw",
          result: "ok",
          reason: REQUESTER_INACTIVE,
          targetType: "pending_change",
          targetId: row.id,
          detail: { kind: row.kind, requestedBy: row.requested_by_email },
        },
        tx,
      );
    }
  });
}

/** Marks expired what waited past its time (all of them, or one) and tells each requester. */
export async function expireChanges(id?: string) {
  await db.$transaction(async (tx) => {
    const rows = await tx.pendingChange.findMany({
      where: { status: "pending", expiresAt: { lte: new Date() }, ...(id ? { id } : {}) },
    });
    if (!rows.length) return;
    await tx.pendingChange.updateMany({
      where: { id: { in: rows.map((r) => r.id) }, status: "pending" },
      data: { status: "expired" },
    });
    for (const row of rows) await notify(tx, changeClosed(row, "expired", null));
  });
}

const KIND_PREFIX = { settings: "settings.", users: "user.", roles: "role." } as const;

export async function listPending(kinds?: keyof typeof KIND_PREFIX) {
  await withdrawOrphans();
  await expireChanges();
  const rows = await db.pendingChange.findMany({
    where: {
      status: "pending",
      ...(kinds ? { kind: { startsWith: KIND_PREFIX[kinds] } } : {}),
    },
    orderBy: { requestedAt: "asc" },
    take: 100,
  });
  return rows.map(view);
}

/** The change, if this admin may answer it and it can still be answered. */
export async function openChange(id: string, actor: Actor) {
  await withdrawOrphans();
  const row = await db.pendingChange.findUnique({ where: { id } });
  if (!row) throw new NotFound("No such pending change.");
  if (!can(actor.user, permissionFor(row.kind))) throw new Forbidden("Your role does not allow this.");
  if (row.status === "withdrawn" && !row.decidedById)
    throw new Conflict(
      "The admin who asked for this change is no longer an active admin: it was withdrawn.",
      REQUESTER_INACTIVE,
    );
  if (row.status === "pending" && row.expiresAt <= new Date()) {
    await expireChanges(id);
    throw new Conflict(`This change waited more than ${PENDING_HOURS} hours and expired. Ask for it again.`, "expired");
  }
  if (row.status !== "pending")
    throw new Conflict(`This change is no longer waiting (${row.status}).`, "already_decided");
  return row;
}

/** A refusal of the two-admin rule, audited like route()'s refusals; `rule` names it to the client. */
export async function refuse(
  actor: Actor,
  action: string,
  id: string,
  reason: string,
  rule: string,
  message: string,
): Promise<never> {
  await audit({ actor, action, result: "denied", reason, targetType: "pending_change", targetId: id });
  throw new Forbidden(message, rule);
}

/** Closes a change without applying it: rejected by another admin, or withdrawn by the requester. */
export async function close(id: string, how: "reject" | "withdraw", { comment }: { comment?: string }, actor: Actor) {
  const row = await openChange(id, actor);
  const own = row.requestedById === actor.user.id;
  const action = `pending_change.${how}`;
  if (how === "reject" && own)
    await refuse(actor, action, id, "own change", "own_change", "This is your own change: withdraw it instead.");
  if (how === "withdraw" && !own)
    await refuse(
      actor,
      action,
      id,
      "not the requester",
      "not_requester",
      "Only the admin who asked for this change can withdraw it. Reject it instead.",
    );
  const updated = await db.$transaction(async (tx) => {
    const data = {
      status: how === "reject" ? "rejected" : "withdrawn",
      decidedById: actor.user.id,
      decidedByEmail: actor.user.email,
      decidedAt: new Date(),
      comment: comment ?? null,
    } as const;
    const { count } = await tx.pendingChange.updateMany({ where: { id, status: "pending" }, data });
    if (!count) throw new Conflict("This change is no longer waiting.", "already_decided");
    await audit(
      {
        actor,
        action,
        result: "ok",
        targetType: "pending_change",
        targetId: id,
        reason: comment,
        detail: { kind: row.kind, requestedBy: row.requestedByEmail },
      },
      tx,
    );
    await notify(tx, changeClosed(row, how === "reject" ? "rejected" : "withdrawn", actor.user, comment));
    return tx.pendingChange.findUniqueOrThrow({ where: { id } });
  });
  return view(updated);
}
