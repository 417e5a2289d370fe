import "server-only";
import { audit } from "@/lib/platform/audit/log";
import { z } from "zod";
import { db } from "@/lib/platform/db";
import { ROLES, can, isPreset, presetGrants, type Role } from "@/lib/platform/auth/permissions";
import type { Actor } from "@/lib/platform/auth/actor";
import { Conflict, Forbidden, Invalid, NotFound } from "@/lib/platform/errors";
import { REPORT_FREQUENCIES, REPORT_KINDS, REPORT_PERMISSION } from "./scheduled-kinds";

// A person's scheduled reports, and the ones a manager set for a role (issue 35).

export const subscriptionSchema = z.strictObject({
  report: z.enum(REPORT_KINDS, "validation.reports.report"),
  frequency: z.enum(REPORT_FREQUENCIES, "validation.reports.frequency"),
  savedViewId: z.uuid("validation.reports.view").optional(),
  role: z.enum(ROLES, "validation.reports.role").optional(),
});
export type SubscriptionInput = z.infer<typeof subscriptionSchema>;

export const subscriptionParams = z.object({ id: z.uuid() });

const select = {
  id: true,
  report: true,
  frequency: true,
  role: true,
  userId: true,
  savedView: { select: { id: true, name: true } },
  createdAt: true,
} as const;

/** The reader's own subscriptions and their role's; a manager also sees every role's. */
export async function listSubscriptions(actor: Actor) {
  const own = isPreset(actor.user.role) ? [actor.user.role] : [];
  const roles: Role[] = can(actor.user, "notifications.manage") ? [...ROLES] : own;
  return db.reportSubscription.findMany({
    where: { OR: [{ userId: actor.user.id }, { role: { in: roles } }] },
    select,
    orderBy: { createdAt: "asc" },
  });
}

export async function subscribe(actor: Actor, input: SubscriptionInput) {
  const permission = REPORT_PERMISSION[input.report];
  if (input.role && !can(actor.user, "notifications.manage"))
    throw new Forbidden("Only a manager subscribes a role.", "role_subscription");
  if (!can(input.role ? presetGrants(input.role) : actor.user, permission))
    throw new Invalid("That role may not read this report.", "report_not_permitted", { field: "report" });
  let savedViewId: string | null = null;
  if (input.report === "transactionsView") {
    const view = input.savedViewId
      ? await db.savedView.findFirst({
          where: { id: input.savedViewId, userId: actor.user.id, list: "transactions" },
          select: { id: true },
        })
      : null;
    if (!view)
      throw new Invalid("Choose one of your saved transaction views.", "choose_view", { field: "savedViewId" });
    savedViewId = view.id;
  }
  return db.$transaction(async (tx) => {
    // The same subscription twice is refused (issue 48, item 12), one subscriber at a time so both cannot pass.
    const subscriber = input.role ? `role:${input.role}` : `user:${actor.user.id}`;
    await tx.$queryRaw`SELECT 1 FROM pg_advisory_xact_lock(hashtext(${`report-subscription:${subscriber}`}))`;
    const identity = {
      userId: input.role ? null : actor.user.id,
      role: input.role ?? null,
      report: input.report,
      frequency: input.frequency,
      savedViewId,
    };
    const same = await tx.reportSubscription.findFirst({ where: identity, select: { id: true } });
    if (same)
      throw new Conflict(
        input.role
          ? "That role already gets this report at this frequency."
          : "You already get this report at this frequency.",
        "already_subscribed",
      );
    const made = await tx.reportSubscription.create({
      data: { ...identity, createdById: actor.user.id },
      select,
    });
    await audit(
      {
        actor,
        action: "report.subscribe",
        result: "ok",
        targetType: "report_subscription",
        targetId: made.id,
        detail: { report: input.report, frequency: input.frequency, role: input.role ?? null },
      },
      tx,
    );
    return made;
  });
}

/** One's own, or (a manager) a role's. */
export async function unsubscribe(actor: Actor, id: string) {
  const manager = can(actor.user, "notifications.manage");
  await db.$transaction(async (tx) => {
    const { count } = await tx.reportSubscription.deleteMany({
      where: { id, OR: [{ userId: actor.user.id }, ...(manager ? [{ role: { not: null } }] : [])] },
    });
    if (!count) throw new NotFound("No such subscription.");
    await audit(
      { actor, action: "report.unsubscribe", result: "ok", targetType: "report_subscription", targetId: id },
      tx,
    );
  });
}
