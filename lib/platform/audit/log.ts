import "server-only";
import { db } from "@/lib/platform/db";
import type { Actor, StaffUser } from "@/lib/platform/auth/actor";
import type { Prisma } from "@/lib/generated/prisma/client";
import { currentRequestId } from "@/lib/platform/request-context";

/**
 * What a second person's decision (the two-admin rule, lib/pending-changes) adds to an action:
 * why it ran (the audit row's reason: "single_admin", or the approved pending change) and its
 * own writes (the pending change marked approved), inside the action's transaction.
 */
export type Decided = { reason?: string; within?: (tx: Prisma.TransactionClient) => Promise<unknown> };

export type AuditEntry = {
  /** Who acted and from where (ip, user agent, request id); null for the console's own work (jobs). */
  actor?: Actor<StaffUser | null> | null;
  action: string;
  result: "ok" | "denied" | "failed" | "error" | (string & {});
  targetType?: string;
  targetId?: string;
  amount?: bigint | number;
  currency?: string;
  reason?: string;
  detail?: Prisma.InputJsonValue;
};

// audit_log is append-only (a trigger refuses UPDATE and DELETE) and written by this module alone:
// audit() in an interactive transaction, auditWrite in a batch, auditSql on a pg client.

/** Pass the action's transaction (`tx`): a change and its audit row commit together, or neither does. */
export async function audit(entry: AuditEntry, tx: Pick<typeof db, "auditLog"> = db): Promise<void> {
  await tx.auditLog.create({ data: auditData(entry) });
}

/** The entry's write for a batch transaction (`db.$transaction([...])`): commits with the batch. */
export const auditWrite = (entry: AuditEntry) => db.auditLog.create({ data: auditData(entry) });

/** The entry written on a pg client's transaction (the webhook appliers): commits with it. */
export async function auditSql(
  client: { query: (text: string, params: unknown[]) => Promise<unknown> },
  entry: AuditEntry,
) {
  const row = auditData(entry);
  await client.query(
    `INSERT INTO audit_log (actor_id, actor_email, actor_role, action, result, target_type, target_id, amount, currency,
                            reason, detail, ip, user_agent, request_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
    [
      row.actorId ?? null,
      row.actorEmail ?? null,
      row.actorRole ?? null,
      row.action,
      row.result,
      row.targetType ?? null,
      row.targetId ?? null,
      row.amount?.toString() ?? null,
      row.currency ?? null,
      row.reason ?? null,
      row.detail === undefined ? null : JSON.stringify(row.detail),
      row.ip ?? null,
      row.userAgent ?? null,
      row.requestId ?? null,
    ],
  );
}

/** The row of an entry: written only here (audit, auditWrite, auditSql), the one writer of audit_log. */
function auditData(entry: AuditEntry) {
  return {
    actorId: entry.actor?.user?.id,
    actorEmail: entry.actor?.user?.email,
    actorRole: entry.actor?.user?.role,
    action: entry.action,
    result: entry.result,
    targetType: entry.targetType,
    targetId: entry.targetId,
    amount: entry.amount === undefined ? undefined : BigInt(entry.amount),
    currency: entry.currency,
    reason: entry.reason,
    detail: entry.detail,
    ip: entry.actor?.ip ?? undefined,
    userAgent: entry.actor?.userAgent?.slice(0, 512) ?? undefined,
    // Work with no actor of its own (an operation executed for a request) still names the request it ran in.
    requestId: entry.actor?.requestId ?? currentRequestId(),
  };
}
