import "server-only";
import { db } from "@/lib/platform/db";
import { inquireSubOrder, SETTLE_AFTER_MS } from "./inquire";
import { queueDeclaration } from "./send";

/** The minute sweep: declarations whose job was lost, and sub-orders stuck sending after a crash. */
export async function sweepDeclarations() {
  const stale = new Date(Date.now() - 10 * 60_000);
  await db.customsSubOrder.updateMany({
    where: { state: "sending", updatedAt: { lt: stale } },
    data: {
      state: "unknown",
      errorDetail: "The console stopped while waiting for Customs; inquire to learn the outcome.",
    },
  });
  await settleUnknownSubOrders();
  const pending = await db.customsSubOrder.findMany({
    where: { state: "pending", createdAt: { lt: new Date(Date.now() - 30_000) } },
    select: { declarationId: true },
    distinct: ["declarationId"],
    take: 100,
  });
  for (const p of pending) await queueDeclaration(p.declarationId);
}

/** The sweep's part: unknown sub-orders are settled by inquiry, never by sending again. */
export async function settleUnknownSubOrders(limit = 20) {
  const now = Date.now();
  const due = await db.customsSubOrder.findMany({
    where: {
      state: "unknown",
      updatedAt: { lt: new Date(now - SETTLE_AFTER_MS) },
      OR: [{ checkedAt: null }, { checkedAt: { lt: new Date(now - 5 * 60_000) } }],
    },
    include: { declaration: { include: { subOrders: true } } },
    take: limit,
  });
  for (const s of due)
    await inquireSubOrder(s.declaration, s).catch(() =>
      db.customsSubOrder.update({ where: { id: s.id }, data: { checkedAt: new Date() } }),
    );
  return due.length;
}
