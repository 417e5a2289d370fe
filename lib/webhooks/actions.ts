import "server-only";
import { Conflict, Invalid, NotFound } from "@/lib/platform/errors";
import { audit } from "@/lib/platform/audit/log";
import type { Actor } from "@/lib/platform/auth/actor";
import { db } from "@/lib/platform/db";
import { importTransaction } from "@/lib/ledger";
import { processNotification } from "./ingest";
import { getNotification } from "./query";

async function load(id: bigint) {
  const n = await getNotification(id);
  if (!n) throw new NotFound("No notification with this id.");
  return n;
}

/** Applies a notification again; applying is monotonic, so at worst it changes nothing. */
export async function reapplyNotification(id: bigint, actor: Actor) {
  const n = await load(id);
  if (n.verification === "rejected") {
    await audit({
      actor,
      action: "webhook.reapply",
      result: "denied",
      targetType: "notification",
      targetId: n.id,
      reason: "signature did not match",
    });
    throw new Conflict(
      "This notification failed verification and is never applied. Use “Re-sync from inquiry” to take the service's own view.",
      "signature_rejected",
    );
  }
  if (n.applyState === "expired") {
    await audit({
      actor,
      action: "webhook.reapply",
      result: "denied",
      targetType: "notification",
      targetId: n.id,
      reason: "outside the replay window",
    });
    throw new Conflict(
      "This notification was signed outside the replay window and is never applied. Use “Re-sync from inquiry” to take the service's own view.",
      "outside_replay_window",
    );
  }
  await db.webhookNotification.update({ where: { id }, data: { applyState: "pending" } });
  const state = await processNotification(n.id);
  await audit({
    actor,
    action: "webhook.reapply",
    result: "ok",
    targetType: "notification",
    targetId: n.id,
    reason: state ?? undefined,
    detail: { transactionId: n.transactionId },
  });
  return load(id);
}

/** Inquires the transaction the notification is about and records the service's view. */
export async function resyncNotification(id: bigint, actor: Actor) {
  const n = await load(id);
  const target = n.type === "chargeback" || n.type === "refund" ? (n.parentId ?? n.transactionId) : n.transactionId;
  if (!target || n.type === "vault")
    throw new Invalid(
      "This notification is not about a transaction the service can be asked about.",
      "not_about_transaction",
    );
  try {
    await importTransaction(target, actor, "inquiry");
  } catch (error) {
    await audit({
      actor,
      action: "webhook.resync",
      result: "failed",
      targetType: "transaction",
      targetId: target,
      reason: error instanceof Error ? error.message : String(error),
      detail: { notificationId: n.id },
    });
    throw error;
  }
  await audit({
    actor,
    action: "webhook.resync",
    result: "ok",
    targetType: "transaction",
    targetId: target,
    detail: { notificationId: n.id },
  });
  return { notification: await load(id), transactionId: target };
}
