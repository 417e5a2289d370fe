import "server-only";
import { db, pool } from "@/lib/platform/db";
import { getSettings } from "@/lib/platform/settings/service";
import { notify, type NotificationEvent } from "@/lib/notifications";
import { deadlineOf, dueCutoffs, DUE_SOON_DAYS } from "./deadline";

const DAY = 86_400_000;

type Due = {
  id: string;
  amount: string;
  currency: string;
  status: string;
  last_change_at: Date;
  owner_id: string | null;
};

export function reminderOf(c: Due, urgency: "due_soon" | "overdue", respondBy: string, now: number): NotificationEvent {
  const day = new Date(now).toISOString().slice(0, 10);
  const everyManager = urgency === "overdue" || !c.owner_id;
  return {
    kind: urgency === "overdue" ? "chargebackOverdue" : "chargebackDueSoon",
    params: { chargeback: c.id, amountMinor: Number(c.amount), currency: c.currency, respondBy },
    link: `/chargebacks/${encodeURIComponent(c.id)}`,
    to: { users: c.owner_id ? [c.owner_id] : [], ...(everyManager ? { permission: "chargebacks.manage" } : {}) },
    onceKey: `chargeback:${c.id}:${c.status}:${urgency}:${day}`,
  };
}

/** Records the reminders due now that were not recorded yet; returns how many it recorded. */
export async function remindDeadlines(now = Date.now()): Promise<number> {
  const { chargebackResponseDays: days } = await getSettings();
  const cutoffs = dueCutoffs(days, now + DUE_SOON_DAYS * DAY);
  if (!cutoffs.length) return 0;
  const params: unknown[] = [];
  const ors = cutoffs.map((c) => {
    params.push(c.status, c.enteredBefore);
    return `(status = $${params.length - 1} AND last_change_at <= $${params.length})`;
  });
  const { rows } = await pool.query<Due>(
    `SELECT id, amount::text, currency, status, last_change_at, owner_id::text
       FROM chargebacks WHERE outcome IS NULL AND (${ors.join(" OR ")}) LIMIT 5000`,
    params,
  );
  const events = rows.flatMap((c) => {
    const d = deadlineOf(c.status, c.last_change_at, days, now);
    return (d.urgency === "overdue" || d.urgency === "due_soon") && d.respondBy
      ? [reminderOf(c, d.urgency, d.respondBy, now)]
      : [];
  });
  if (!events.length) return 0;
  const { rows: known } = await pool.query<{ once_key: string }>(
    "SELECT once_key FROM notification_events WHERE once_key = ANY($1::text[])",
    [events.map((e) => e.onceKey)],
  );
  const told = new Set(known.map((k) => k.once_key));
  const fresh = events.filter((e) => !told.has(e.onceKey!));
  for (const event of fresh) await db.$transaction(async (tx) => notify(tx, event));
  return fresh.length;
}
