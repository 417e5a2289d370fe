import "server-only";
import { db } from "@/lib/platform/db";
import { Conflict, NotFound } from "@/lib/platform/errors";
import { audit } from "@/lib/platform/audit/log";
import type { Actor } from "@/lib/platform/auth/actor";
import { exceptionView } from "./query";
import type { ResolveBody } from "./schemas";

/** A person settles an open difference with a note; audited in the same transaction. */
export async function resolveException(id: string, body: ResolveBody, actor: Actor) {
  return db.$transaction(async (tx) => {
    const row = await tx.reconciliationException.findUnique({ where: { id } });
    if (!row) throw new NotFound("No such reconciliation difference.");
    const done = await tx.reconciliationException.updateMany({
      where: { id, resolvedAt: null },
      data: {
        resolvedAt: new Date(),
        resolvedById: actor.user.id,
        resolvedByEmail: actor.user.email,
        resolution: body.note,
      },
    });
    if (!done.count) throw new Conflict("This difference is resolved already.", "exception_resolved");
    await audit(
      {
        actor,
        action: "reconciliation.resolve",
        result: "ok",
        targetType: "reconciliation_exception",
        targetId: id,
        currency: row.currency || undefined,
        reason: body.note,
        detail: { charge: row.chargeId, kind: row.kind, subject: row.subject },
      },
      tx,
    );
    return exceptionView(await tx.reconciliationException.findUniqueOrThrow({ where: { id } }));
  });
}
