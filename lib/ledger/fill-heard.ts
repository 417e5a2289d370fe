import "server-only";
import { db, inTransaction } from "@/lib/platform/db";
import { getUpi } from "@/lib/upi";
import { log } from "@/lib/platform/log";
import { said } from "./event-text";
import { cnyFenOf, vaultConsumer } from "./inquired";
import { recordTransaction } from "./record";

const DELAYS_S = [60, 5 * 60, 15 * 60, 3600, 6 * 3600];
const WITHIN = "7 days";

/** The follow job's part: charges heard only from a notification (no card, customer or country) asked as a Refresh would, oldest first, backing off after a failure. */
export async function fillHeardCharges(limit = 50) {
  const due = await db.$queryRawUnsafe<{ id: string; checks: number | null }[]>(
    `SELECT t.id, f.checks FROM ledger_transactions t LEFT JOIN charge_fills f ON f.transaction_id = t.id
      WHERE t.type = 'charge' AND t.source = 'webhook' AND t.created_at > now() - interval '${WITHIN}'
        AND (f.transaction_id IS NULL OR (f.checks <= $1 AND f.next_check_at <= now()))
      ORDER BY t.created_at ASC LIMIT $2`,
    DELAYS_S.length,
    limit,
  );
  if (due.length === 0) return 0;
  const upi = await getUpi();
  for (const { id, checks } of due) {
    const next = new Date(Date.now() + (DELAYS_S[checks ?? 0] ?? 0) * 1000);
    await db.chargeFill.upsert({
      where: { transactionId: id },
      create: { transactionId: id, checks: 1, nextCheckAt: next },
      update: { checks: { increment: 1 }, nextCheckAt: next },
    });
    try {
      const t = await upi.getTransaction(id);
      const [cnyFen, consumer] = await Promise.all([cnyFenOf(t), vaultConsumer(t)]);
      await inTransaction((tx) =>
        recordTransaction(t, { source: "inquiry", summary: said("filled"), cnyFen, ...consumer }, tx),
      );
      await db.chargeFill.deleteMany({ where: { transactionId: id } });
    } catch (error) {
      log.warn(`[jobs] charge ${id} not filled: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return due.length;
}
