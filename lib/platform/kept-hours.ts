// Totals kept per quarter hour (UTC) are also kept per UTC hour, and some per UTC day (migrations
// …_kept_hours, …_report_days: statement triggers on the finer table). A range cut into a time
// zone's days or months reads each part at the coarsest grain that lies inside one of them: whole
// UTC days where no period starts inside the day, hours in the days a period starts inside, and
// quarter hours only in the hours a period starts inside (a zone 30 or 45 minutes off UTC, or a
// daylight-saving change of half an hour); plus the deltas not yet folded, which are quarter-hour
// rows. Every row read then lies inside one period, so `(bucket AT TIME ZONE zone)` names it.

const HOUR = 3_600_000;
const DAY = 86_400_000;

/** A kept family: its quarter-hour table, its hour table, its day table if it has one, its deltas and the columns summed. */
export type KeptTotals = {
  quarters: string;
  hours: string;
  days?: string;
  deltas: string;
  columns: readonly string[];
};

/** The units of `size` that a start lies inside, not on: those are read at the finer grain. */
function split(starts: readonly Date[], size: number): string[] {
  const units = new Set<number>();
  for (const start of starts) if (start.getTime() % size !== 0) units.add(Math.floor(start.getTime() / size) * size);
  return [...units].sort((a, b) => a - b).map((t) => new Date(t).toISOString());
}

/** The hours a period starts inside, not on: those are read by their quarters. */
export const splitHours = (starts: readonly Date[]) => split(starts, HOUR).map((t) => new Date(t));

/**
 * The kept rows of [from, to) (`bucket, currency, …columns`) as one parenthesized subquery, each
 * row inside one of the periods whose starts are given (from and to are counted among them); `p`
 * binds a parameter and returns its placeholder. No `to`: up to the newest row kept.
 */
export function keptRows(
  kept: KeptTotals,
  p: (value: unknown) => string,
  range: { from: Date; to?: Date },
  periodStarts: readonly Date[],
): string {
  const starts = [range.from, ...(range.to ? [range.to] : []), ...periodStarts];
  const [from, to] = [p(range.from.toISOString()), range.to ? p(range.to.toISOString()) : null];
  const within = (column: string) =>
    `${column} >= ${from}::timestamptz${to ? ` AND ${column} < ${to}::timestamptz` : ""}`;
  // A part of one unit, clamped to the range: the only bounds its index is read by (one probe a unit).
  const part = (column: string, unit: string, size: string) =>
    `${column} >= greatest(${unit}, ${from}::timestamptz) AND ${column} < ${
      to ? `least(${unit} + interval '${size}', ${to}::timestamptz)` : `${unit} + interval '${size}'`
    }`;
  const cols = (alias: string) => kept.columns.map((c) => `${alias}.${c}`).join(", ");
  const hours = p(split(starts, HOUR));
  const finer = `SELECT q.bucket, q.currency, ${cols("q")}
                   FROM unnest(${hours}::timestamptz[]) s(hour)
                   JOIN ${kept.quarters} q ON ${part("q.bucket", "s.hour", "1 hour")}
                 UNION ALL
                 SELECT d.bucket, d.currency, ${cols("d")} FROM ${kept.deltas} d WHERE ${within("d.bucket")}`;
  if (!kept.days)
    return `(SELECT h.bucket, h.currency, ${cols("h")} FROM ${kept.hours} h
              WHERE ${within("h.bucket")} AND h.bucket <> ALL(${hours}::timestamptz[])
             UNION ALL
             ${finer})`;
  const days = p(split(starts, DAY));
  return `(SELECT y.bucket, y.currency, ${cols("y")} FROM ${kept.days} y
            WHERE ${within("y.bucket")} AND y.bucket <> ALL(${days}::timestamptz[])
           UNION ALL
           SELECT h.bucket, h.currency, ${cols("h")}
             FROM unnest(${days}::timestamptz[]) s(day)
             JOIN ${kept.hours} h ON ${part("h.bucket", "s.day", "1 day")}
            WHERE h.bucket <> ALL(${hours}::timestamptz[])
           UNION ALL
           ${finer})`;
}
