import "server-only";
import { addEvent, said, consoleEvent, recordTransaction } from "@/lib/ledger";
import { db, inTransaction, pool } from "@/lib/platform/db";
import { getUpi, type Charge } from "@/lib/upi";
import { audit } from "@/lib/platform/audit/log";
import { getSettings } from "@/lib/platform/settings/service";
import type { ChargeConfirm } from "@/lib/generated/prisma/client";

const GRACE_MS = 5_000;
const MAX_CHECKS = 30;

/** Keeps a confirm whose outcome is unknown, for the follow job to settle. */
export async function recordUnknownConfirm(c: {
  transactionId: string;
  method: string | null;
  amount: number;
  currency: string;
  requestedBy: string;
}) {
  const row = await db.chargeConfirm.create({ data: { ...c, amount: BigInt(c.amount), state: "unknown" } });
  await addEvent(
    pool,
    consoleEvent(
      c.transactionId,
      said("confirmUnknown", { amount: c.amount, currency: c.currency, actor: c.requestedBy }),
      c.requestedBy,
    ),
  ).catch(() => undefined);
  return row;
}

function landed(c: ChargeConfirm, charge: Charge) {
  const method = (charge.payment as { method?: string } | undefined)?.method ?? null;
  return (
    charge.status !== "initiated" ||
    (Number(charge.amount) === Number(c.amount) && (c.method === null || method === c.method))
  );
}

async function settle(c: ChargeConfirm, state: "applied" | "not_applied", by: string, charge?: Charge) {
  const { count } = await db.chargeConfirm.updateMany({
    where: { id: c.id, state: "unknown" },
    data: { state, resolvedAt: new Date() },
  });
  if (count === 0) return; // settled meanwhile (a retry with the same key, another instance)
  const money = { amount: Number(c.amount), currency: c.currency, actor: c.requestedBy };
  const summary =
    state === "applied"
      ? said("confirmApplied", {
          ...money,
          status: charge?.status ?? "unknown",
          by: by === "inquiry" ? "inquiry" : "retry",
        })
      : said("confirmNotApplied", money);
  if (charge)
    await inTransaction((tx) =>
      recordTransaction(charge, { source: "console", summary, actorEmail: c.requestedBy }, tx),
    );
  else await addEvent(pool, consoleEvent(c.transactionId, summary, c.requestedBy));
  await audit({
    actor: null,
    action: "charge.confirm.outcome",
    result: state === "applied" ? "succeeded" : "failed",
    targetType: "charge",
    targetId: c.transactionId,
    amount: c.amount,
    currency: c.currency,
    reason: state === "applied" ? undefined : "not applied at the service",
    detail: { confirmId: c.id, requestedBy: c.requestedBy, by },
  });
}

/** A retry that read the charge after 4100 settles the unknown confirms of that charge. */
export async function confirmsLanded(transactionId: string, charge: Charge) {
  for (const c of await db.chargeConfirm.findMany({ where: { transactionId, state: "unknown" } }))
    await settle(c, "applied", "a retry", charge);
}

/** The follow job's part: each unknown confirm whose call can no longer land, by inquiry. */
export async function reconcileConfirms(limit = 50) {
  const { upiTimeoutMs } = await getSettings();
  const due = await db.chargeConfirm.findMany({
    where: {
      state: "unknown",
      checks: { lt: MAX_CHECKS },
      createdAt: { lt: new Date(Date.now() - upiTimeoutMs - GRACE_MS) },
    },
    orderBy: { createdAt: "asc" },
    take: limit,
  });
  const upi = await getUpi();
  for (const c of due) {
    await db.chargeConfirm.update({ where: { id: c.id }, data: { checks: { increment: 1 } } });
    let charge: Charge;
    try {
      charge = (await upi.getTransaction(c.transactionId)) as Charge;
    } catch {
      continue; // the inquiry failed too: next minute
    }
    if (landed(c, charge)) await settle(c, "applied", "inquiry", charge);
    else await settle(c, "not_applied", "inquiry");
  }
  return due.length;
}
