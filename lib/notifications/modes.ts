import type { NotificationKind } from "./kinds";

// Where a person's e-mail of an event goes (issue 35).

export const NOTIFICATION_MODES = ["console", "email", "digest"] as const;
export type NotificationMode = (typeof NOTIFICATION_MODES)[number];

/** Urgent events are e-mailed even in quiet hours. */
export const URGENT: readonly NotificationKind[] = [
  "roleChanged",
  "signInNewAddress",
  "mfaReset",
  "chargebackOverdue",
  "credentialsExpiring",
  "webhooksFailing",
];

/** The digest's hour: 08:00 in the person's zone. */
export const DIGEST_MINUTE = 8 * 60;

export type LocalTime = { day: string; minute: number; second: number; weekday: number; date: number };

/** The wall-clock time of an instant in a zone: its day (YYYY-MM-DD), minute of day, ISO weekday (1 = Monday). */
export function localTime(at: Date, timeZone: string): LocalTime {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      weekday: "short",
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const weekday = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].indexOf(parts.weekday ?? "") + 1;
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    minute: Number(parts.hour) * 60 + Number(parts.minute),
    second: Number(parts.second),
    weekday,
    date: Number(parts.day),
  };
}

export type QuietHours = { startMinute: number; endMinute: number };

/** When quiet hours hold an e-mail due at `at`. */
export function quietUntil(at: Date, timeZone: string, q: QuietHours): Date | null {
  const { startMinute: s, endMinute: e } = q;
  if (s === e) return null;
  const { minute, second } = localTime(at, timeZone);
  const inside = s < e ? minute >= s && minute < e : minute >= s || minute < e;
  if (!inside) return null;
  const seconds = (((e * 60 - (minute * 60 + second)) % 86400) + 86400) % 86400;
  return new Date(Math.floor(at.getTime() / 1000) * 1000 + seconds * 1000);
}

/** A local day moved by n days (YYYY-MM-DD, calendar arithmetic). */
export function addDays(day: string, n: number): string {
  const [y = 0, m = 1, d = 1] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** "HH:MM" ⇄ minutes after midnight. */
export const minuteOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
export const hhmmOf = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
