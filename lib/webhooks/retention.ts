import "server-only";
import { pool } from "@/lib/platform/db";
import { audit } from "@/lib/platform/audit/log";
import { getSettings } from "@/lib/platform/settings/service";
import { MAX_APPLY_ATTEMPTS } from "./apply-stored";
import { REPLAY_WINDOW_DAYS } from "./receive";

const SETTLED = ["applied", "confirmed", "unchanged", "stale"];
const REFUSED = ["rejected", "expired"];
const BATCH = 5000;

async function removeOlderThan(states: string[], days: number, now: Date, givenUp = false): Promise<number> {
  const cutoff = new Date(now.getTime() - days * 86_400_000);
  let removed = 0;
  for (;;) {
    const { rowCount } = await pool.query(
      `DELETE FROM webhook_notifications WHERE id IN (
         SELECT id FROM webhook_notifications
          WHERE (apply_state = ANY($1) OR ($4 AND apply_state = 'unconfirmed' AND apply_attempts >= $5)) AND received_at < $2
          ORDER BY id LIMIT $3)`,
      [states, cutoff, BATCH, givenUp, MAX_APPLY_ATTEMPTS],
    );
    removed += rowCount ?? 0;
    if ((rowCount ?? 0) < BATCH) return removed;
  }
}

/** Removes what the retention rule no longer keeps and writes how many to the audit trail. */
export async function enforceWebhookRetention(now = new Date()) {
  const settings = await getSettings();
  const settledDays = Math.max(settings.webhookRetentionDays, REPLAY_WINDOW_DAYS);
  const refusedDays = settings.webhookRejectedRetentionDays;
  const removed = {
    settled: await removeOlderThan(SETTLED, settledDays, now),
    refused: await removeOlderThan(REFUSED, refusedDays, now, true),
  };
  await audit({
    action: "webhook.retention",
    result: "ok",
    targetType: "notification",
    reason: `${removed.settled + removed.refused} notifications removed`,
    detail: { removed, settledDays, refusedDays },
  });
  return removed;
}
