import { z } from "zod";
import {
  type CalendarParse,
  FIRST_DAY,
  FIRST_MONTH,
  LAST_DAY,
  LAST_MONTH,
  parseDay,
  parseMonth,
} from "@/lib/platform/i18n/days";
import { dayEnd, dayStart } from "@/lib/platform/i18n/zoned-days";
import { keyed } from "@/lib/platform/keyed";

// A value a list cannot use is ignored, never thrown, never sent to PostgreSQL (a refusal there is a 500).

const BIGINT_MAX = 2n ** 63n - 1n;

/** A real calendar day `YYYY-MM-DD` (no 2026-02-31) inside the calendar the console computes over. */
export function isCalendarDay(value: string): boolean {
  return parseDay(value).ok;
}

const reportValue = (parse: (v: unknown) => CalendarParse, key: string, first: string, last: string) =>
  z
    .unknown()
    .transform((value, ctx): string | undefined => {
      const parsed = parse(value);
      if (parsed.ok) return parsed.value;
      if (parsed.reason === "out_of_range") ctx.addIssue({ code: "custom", message: keyed(key, { first, last }) });
      return undefined;
    })
    .optional();
export const reportDay = reportValue(parseDay, "validation.dayOutOfRange", FIRST_DAY, LAST_DAY);
export const reportMonth = reportValue(parseMonth, "validation.monthOutOfRange", FIRST_MONTH, LAST_MONTH);

/** An instant exactly as toISOString writes it, from year 1 on (PostgreSQL has no year 0). */
export function isIsoInstant(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(value) || value < "0001") return false;
  const date = new Date(value);
  return !Number.isNaN(date.getTime()) && date.toISOString() === value;
}

/** A UUID as PostgreSQL's uuid type reads it (the ids of operations, declarations, payment links). */
export const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** A whole number PostgreSQL's bigint holds. */
export const isBigint = (value: string) =>
  /^-?\d{1,19}$/.test(value) && BigInt(value) <= BIGINT_MAX && BigInt(value) >= -BIGINT_MAX - 1n;

export const calendarDay = z.string().refine(isCalendarDay).optional().catch(undefined);

/** A list's filter with the reader's time zone: `from`/`to` are that person's calendar days, not UTC ones. */
export type InZone<F> = F & { timeZone: string };

/** The instants a day filter covers: [from's local midnight, the midnight after to) in the zone. */
export function dayBounds(f: { from?: string; to?: string; timeZone: string }): { gte?: Date; lt?: Date } {
  const at = (day: string | undefined, edge: typeof dayStart) => {
    if (!day) return undefined;
    try {
      const d = edge(day, f.timeZone);
      return Number.isNaN(d.getTime()) ? undefined : d;
    } catch {
      return undefined;
    }
  };
  const gte = at(f.from, dayStart);
  const lt = at(f.to, dayEnd);
  return { ...(gte ? { gte } : {}), ...(lt ? { lt } : {}) };
}

/** Search text: trimmed, bounded, and no NUL (PostgreSQL text cannot hold one). */
export const searchText = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((s) => !s.includes("\u0000"))
    .optional()
    .catch(undefined);

/** `%text%` for LIKE/ILIKE with the text's own `%`, `_` and `\` taken literally. */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;

/** The text with LIKE's wildcards and escape character taken literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, "\\$&");

/** A Prisma filter matching a fragment in any case; escaped, since Prisma's `contains` does not escape LIKE. */
export const containsText = (text: string) => ({ contains: escapeLike(text), mode: "insensitive" as const });
