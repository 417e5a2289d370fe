const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A day outside this calendar is refused by name (after 9999-12-31; years below 100 read as 19xx). */
export const FIRST_DAY = "1970-01-01";
export const LAST_DAY = "2999-12-31";
export const FIRST_MONTH = FIRST_DAY.slice(0, 7);
export const LAST_MONTH = LAST_DAY.slice(0, 7);

export type CalendarParse = { ok: true; value: string } | { ok: false; reason: "malformed" | "out_of_range" };

/** The one day parser: a real YYYY-MM-DD inside [FIRST_DAY, LAST_DAY], or why not. */
export function parseDay(value: unknown): CalendarParse {
  if (typeof value !== "string" || !DAY.test(value)) return { ok: false, reason: "malformed" };
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value)
    return { ok: false, reason: "malformed" };
  return value < FIRST_DAY || value > LAST_DAY ? { ok: false, reason: "out_of_range" } : { ok: true, value };
}

/** The same for a month, YYYY-MM inside [FIRST_MONTH, LAST_MONTH]. */
export function parseMonth(value: unknown): CalendarParse {
  if (typeof value !== "string" || !/^\d{4}-(0[1-9]|1[0-2])$/.test(value)) return { ok: false, reason: "malformed" };
  return value < FIRST_MONTH || value > LAST_MONTH ? { ok: false, reason: "out_of_range" } : { ok: true, value };
}

/** True for a real calendar day written YYYY-MM-DD. */
export function isIsoDay(value: unknown): value is string {
  const m = typeof value === "string" ? DAY.exec(value) : null;
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

/** The calendar day (YYYY-MM-DD) an instant falls on in a time zone. */
export function dayOf(at: Date | string | number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(new Date(at));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")}`;
}

/** Today in a time zone, as YYYY-MM-DD. */
export function today(timeZone: string, now: Date = new Date()): string {
  return dayOf(now, timeZone);
}

export function addDays(isoDay: string, n: number): string {
  const d = new Date(`${isoDay}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}
