import "server-only";
import { db } from "@/lib/platform/db";
import type { Actor, StaffUser } from "@/lib/platform/auth/actor";
import type { Prisma } from "@/lib/generated/prisma/client";
import { currentRequestId } from "@/lib/platform/request-context";

/** What the two-admin rule adds to an action: the audit row's reason and its own writes, in the action's tx. */
export type Decided = { reason?: string; within?: (tx: Prisma.TransactionClient) => Promise<unknown> };

export type AuditEntry = {
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

// audit_log is append-only (a trigger refuses UPDATE and DELETE) and written by this module alone.

/** Pass the action's transaction (`tx`): a change and its audit row commit together, or neither does. */
export async function audit(entry: AuditEntry, tx: Pick<typeof db, "$executeRawUnsafe"> = db): Promise<void> {
  await tx.$executeRawUnsafe(INSERT, ...auditRow(entry));
}

/** The entry's write for a batch transaction (`db.$transaction([...])`): commits with the batch. */
export const auditWrite = (entry: AuditEntry) => db.$executeRawUnsafe(INSERT, ...auditRow(entry));

/** The entry written on a pg client's transaction (the money writers', ADR 0021): commits with it. */
export async function auditSql(
  client: { query: (text: string, params: unknown[]) => Promise<unknown> },
  entry: AuditEntry,
) {
  await client.query(INSERT, auditRow(entry));
}

const INSERT = `INSERT INTO audit_log (actor_id, actor_email, actor_role, action, result, target_type, target_id, amount,
                       currency, reason, detail, ip, user_agent, request_id)
VALUES ($1::uuid, $2, $3, $4, $5, $6, $7, $8::bigint, $9, $10, $11::jsonb, $12, $13, $14)`;

function auditRow(entry: AuditEntry) {
  const who = entry.actor;
  return [
    who?.user?.id ?? null,
    who?.user?.email ?? null,
    who?.user?.role ?? null,
    entry.action,
    entry.result,
    entry.targetType ?? null,
    entry.targetId ?? null,
    entry.amount === undefined ? null : BigInt(entry.amount).toString(),
    entry.currency ?? null,
    entry.reason ?? null,
    entry.detail === undefined ? null : JSON.stringify(entry.detail),
    who?.ip ?? null,
    who?.userAgent?.slice(0, 512) ?? null,
    who?.requestId ?? currentRequestId() ?? null,
  ];
}
