import "server-only";
import { db } from "@/lib/platform/db";
import { nextCheckAt } from "./backoff";
import { inquireSubOrder } from "./inquire";

/** Sub-orders at Customs whose status may still change and whose next check is due. */
export function dueSubOrders(limit: number, now = new Date()) {
  return db.customsSubOrder.findMany({
    where: { state: "submitted", nextCheckAt: { lte: now } },
    include: { declaration: { include: { subOrders: true } } },
    orderBy: { nextCheckAt: "asc" },
    take: limit,
  });
}

/** The follow job: live sub-orders whose next check is due, a few at a time. */
export async function followSubOrders(limit = 50) {
  const due = await dueSubOrders(limit);
  for (const s of due) {
    await inquireSubOrder(s.declaration, s).catch(() =>
      db.customsSubOrder.update({
        where: { id: s.id },
        data: { checkedAt: new Date(), checks: { increment: 1 }, nextCheckAt: nextCheckAt(s.checks + 1, null) },
      }),
    );
  }
  return due.length;
}
