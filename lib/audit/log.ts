import "server-only";
import { db } from "@/lib/db";
import { requestIp } from "@/lib/http/client-ip";
import type { Role } from "@/lib/auth/permissions";
import type { Prisma } from "@/lib/generated/prisma/client";
import { currentRequestId } from "@/lib/request-context";

export type AuditEntry = {
  actor?: { id: string; email: string; role: Role } | null;
  action: string;
  result: "ok" | "denied" | "failed" | "error" | (string & {});
  targetType?: string;
  targetId?: string;
  amount?: bigint | number;
  currency?: string;
  reason?: string;
  detail?: Prisma.InputJsonValue;
  ip?: string | null;
  userAgent?: string | null;
  /** The API request that acted; by default the one this code runs in (route()). */
  requestId?: string | null;
};

/**
 * Appends one row to the audit log. The table refuses UPDATE and DELETE. Pass the action's
 * transaction (`tx`) so the action and its row commit together: a change with no audit row,
 * or an audit row for a change that rolled back, cannot happen.
 */
export async function audit(entry: AuditEntry, tx: Pick<typeof db, "auditLog"> = db): Promise<void> {
  await tx.auditLog.create({ data: auditData(entry) });
}

/** The row of an entry, for batch transactions (`db.$transaction([...])`). */
export function auditData(entry: AuditEntry) {
  return {
    actorId: entry.actor?.id,
    actorEmail: entry.actor?.email,
    actorRole: entry.actor?.role,
    action: entry.action,
    result: entry.result,
    targetType: entry.targetType,
    targetId: entry.targetId,
    amount: entry.amount === undefined ? undefined : BigInt(entry.amount),
    currency: entry.currency,
    reason: entry.reason,
    detail: entry.detail,
    ip: entry.ip ?? undefined,
    userAgent: entry.userAgent?.slice(0, 512) ?? undefined,
    requestId: entry.requestId ?? currentRequestId(),
  };
}

/** The caller's address as the server decided it (never a forwarded header taken on faith) and user agent. */
export function clientInfo(headers: Headers) {
  return { ip: requestIp(headers), userAgent: headers.get("user-agent") };
}
