import "server-only";
import type { Operation, PendingChange } from "@/lib/generated/prisma/client";
import type { NotificationEvent } from "./outbox";

const refundParams = (op: Operation) => ({
  amountMinor: Number(op.amount),
  currency: op.currency,
  charge: op.transactionId,
  reference: op.reference,
  requester: op.requestedByEmail,
});

/** A refund over the rules waits: every manager (who may approve refunds) but its requester. */
export const refundAwaiting = (op: Operation): NotificationEvent => ({
  kind: "refundAwaitingApproval",
  params: refundParams(op),
  link: "/approvals",
  to: { permission: "refunds.approve" },
  actorId: op.requestedById,
  onceKey: `refund-awaiting:${op.id}`,
});

/** A manager approved or rejected it: its requester. */
export const refundDecided = (op: Operation, verdict: "approve" | "reject"): NotificationEvent => ({
  kind: verdict === "approve" ? "refundApproved" : "refundRejected",
  params: {
    ...refundParams(op),
    decider: op.decidedByEmail ?? "",
    ...(op.decisionComment ? { comment: op.decisionComment } : {}),
  },
  link: `/transactions/${encodeURIComponent(op.transactionId)}`,
  to: { users: [op.requestedById] },
  actorId: op.decidedById,
  settles: `refund-awaiting:${op.id}`,
});

const changeLink = (kind: string) => (kind.startsWith("settings.") ? "/settings" : "/users");
const changeParams = (row: Pick<PendingChange, "kind" | "requestedByEmail">) => ({
  change: row.kind.replace(".", "_"),
  requester: row.requestedByEmail,
});

/** A loosening change waits for a second admin: the other admins. */
export const changeAwaiting = (row: PendingChange): NotificationEvent => ({
  kind: "changeAwaiting",
  params: {
    ...changeParams(row),
    expiresAt: row.expiresAt.toISOString(),
    lines: JSON.stringify((row.summary as { lines?: string[] } | null)?.lines ?? []),
  },
  link: changeLink(row.kind),
  to: { permission: "users.manage" },
  actorId: row.requestedById,
  onceKey: `change-awaiting:${row.id}`,
});

type Closed = Pick<PendingChange, "id" | "kind" | "requestedById" | "requestedByEmail">;

/** Its end: told to its requester, or to the other admins when withdrawn. */
export function changeClosed(
  row: Closed,
  status: "approved" | "rejected" | "withdrawn" | "expired",
  decider: { id: string; email: string } | null,
  comment?: string | null,
): NotificationEvent {
  const kinds = {
    approved: "changeApproved",
    rejected: "changeRejected",
    withdrawn: "changeWithdrawn",
    expired: "changeExpired",
  } as const;
  return {
    kind: kinds[status],
    params: { ...changeParams(row), decider: decider?.email ?? "", ...(comment ? { comment } : {}) },
    link: changeLink(row.kind),
    to: status === "withdrawn" ? { permission: "users.manage" } : { users: [row.requestedById] },
    actorId: status === "withdrawn" ? row.requestedById : (decider?.id ?? null),
    onceKey: status === "expired" ? `change-expired:${row.id}` : undefined,
    settles: `change-awaiting:${row.id}`,
  };
}

/** A security notice: your own role changed. Always e-mailed; told even when you changed it yourself. */
export const roleChanged = (user: { id: string }, role: string, by: string): NotificationEvent => ({
  kind: "roleChanged",
  params: { role, by },
  link: "/account/security",
  to: { users: [user.id] },
});
