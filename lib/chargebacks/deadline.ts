import { dayOf } from "@/lib/platform/i18n/days";
import type { ChargebackStatus } from "@/lib/upi/shared";

export type ResponseDays = Partial<Record<ChargebackStatus, number>>;

/** Cases due within this many days join the managers' queue with the overdue ones. */
export const DUE_SOON_DAYS = 3;

const DAY = 86_400_000;

export type Deadline = {
  respondBy: string | null;
  daysLeft: number | null;
  urgency: "overdue" | "due_soon" | "ok" | "none";
};

export function deadlineOf(status: string, statusAt: Date, days: ResponseDays, now = Date.now()): Deadline {
  const window = days[status as ChargebackStatus];
  if (!window) return { respondBy: null, daysLeft: null, urgency: "none" };
  const by = statusAt.getTime() + window * DAY;
  const late = Math.floor((now - by) / DAY);
  const daysLeft = by >= now ? Math.floor((by - now) / DAY) : late === 0 ? 0 : -late;
  const urgency = by < now ? "overdue" : by <= now + DUE_SOON_DAYS * DAY ? "due_soon" : "ok";
  return { respondBy: new Date(by).toISOString(), daysLeft, urgency };
}

/** The statuses with a window and the latest time a case may have entered each to be due by `horizon`. */
export function dueCutoffs(days: ResponseDays, horizon: number): { status: string; enteredBefore: Date }[] {
  return Object.entries(days)
    .filter(([, n]) => !!n)
    .map(([status, n]) => ({ status, enteredBefore: new Date(horizon - n! * DAY) }));
}

/** Calendar days from today to the respond-by day, both as the reader's time zone has them. */
export function daysLeftIn(respondBy: string, timeZone: string, now = Date.now()): number {
  const day = (at: string | number) => Date.parse(`${dayOf(at, timeZone)}T00:00:00Z`) / DAY;
  return day(respondBy) - day(now);
}
