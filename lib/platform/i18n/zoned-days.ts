import { TZDate } from "@date-fns/tz";
import { addDays, isIsoDay } from "@/lib/platform/i18n/days";

/** The instant a calendar day starts in a time zone (local midnight; DST-safe). */
export function dayStart(isoDay: string, timeZone: string): Date {
  if (!isIsoDay(isoDay)) throw new RangeError(`not a day: ${isoDay}`);
  const [year, month, day] = isoDay.split("-").map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, day, timeZone).getTime());
}

/** The instant the next day starts: the exclusive end of a day ("to" filters include their day). */
export function dayEnd(isoDay: string, timeZone: string): Date {
  return dayStart(addDays(isoDay, 1), timeZone);
}

/** A range of whole days [from's midnight, the day after to's midnight) in the zone; either end open. */
export function dayRange(
  from: string | null | undefined,
  to: string | null | undefined,
  timeZone: string,
): { gte?: Date; lt?: Date } {
  return {
    ...(from ? { gte: dayStart(from, timeZone) } : {}),
    ...(to ? { lt: dayEnd(to, timeZone) } : {}),
  };
}

/** The start of each of `days` days from `first` in the zone, and of the day after them: `days + 1` instants. */
export function dayStarts(first: string, days: number, timeZone: string): Date[] {
  return Array.from({ length: days + 1 }, (_, i) => dayStart(addDays(first, i), timeZone));
}
