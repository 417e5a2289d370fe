import type { ChargebackStatus } from "./statuses";

// The payment API gives no deadline: respond-by is the console's own rule, a window per status
// (Settings). A status without one waits on the bank, not on the merchant.

export type ResponseDays = Partial<Record<ChargebackStatus, number>>;

/** Cases due within this many days join the managers' queue with the overdue ones. */
export const DUE_SOON_DAYS = 3;

const DAY = 86_400_000;

export type Deadline = {
  respondBy: string | null;
  /** Whole days until the date (negative once past it); null without a date. */
  daysLeft: number | null;
  urgency: "overdue" | "due_soon" | "ok" | "none";
};

export function deadlineOf(status: string, statusAt: Date, days: ResponseDays, now = Date.now()): Deadline {
  const window = days[status as ChargebackStatus];
  if (!window) return { respondBy: null, daysLeft: null, urgency: "none" };
  const by = statusAt.getTime() + window * DAY;
  // Whole days either way: 2 days and an hour late is "2 days overdue", 2 days and an hour left "2 days left".
  const late = Math.floor((now - by) / DAY);
  const daysLeft = by >= now ? Math.floor((by - now) / DAY) : late === 0 ? 0 : -late;
  const urgency = by < now ? "overdue" : by <= now + DUE_SOON_DAYS * DAY ? "due_soon" : "ok";
  return { respondBy: new Date(by).toISOString(), daysLeft, urgency };
}

/**
 * The statuses with a window and the latest time a case may have entered each to be due
 * by `horizon` (a time): what the queue's SQL compares last_change_at with.
 */
export function dueCutoffs(days: ResponseDays, horizon: number): { status: string; enteredBefore: Date }[] {
  return Object.entries(days)
    .filter(([, n]) => !!n)
    .map(([status, n]) => ({ status, enteredBefore: new Date(horizon - n! * DAY) }));
}
