// Totals kept per quarter hour (UTC) are also kept per UTC hour (migration …_kept_hours: statement
// triggers on the quarter-hour table). A range of a time zone's days reads the hour rows, 4 times
// fewer, wherever an hour lies inside one of its days, and the quarter rows only in the hours a
// day starts inside (a zone 30 or 45 minutes off UTC, or a daylight-saving change of half an
// hour), plus the deltas not yet folded, which are quarter-hour rows. Every row read then lies
// inside one day, so `(bucket AT TIME ZONE zone)::date` names its day.

const HOUR = 3_600_000;

/** A kept family: its quarter-hour table, its hour table, its deltas and the columns summed. */
export type KeptTotals = { quarters: string; hours: string; deltas: string; columns: readonly string[] };

/** The hours a day starts inside, not on: those are read by their quarters. */
export function splitHours(dayStarts: readonly Date[]): Date[] {
  const hours = new Set<number>();
  for (const start of dayStarts) if (start.getTime() % HOUR !== 0) hours.add(Math.floor(start.getTime() / HOUR) * HOUR);
  return [...hours].sort((a, b) => a - b).map((t) => new Date(t));
}

/**
 * The kept rows of [from, to) (`bucket, currency, …columns`) as one parenthesized subquery, each
 * row inside one of the days whose starts are given (from and to are counted among them); `p`
 * binds a parameter and returns its placeholder. No `to`: up to the newest row kept.
 */
export function keptRows(
  kept: KeptTotals,
  p: (value: unknown) => string,
  range: { from: Date; to?: Date },
  dayStarts: readonly Date[],
): string {
  const split = p(splitHours([range.from, ...(range.to ? [range.to] : []), ...dayStarts]).map((d) => d.toISOString()));
  const [from, to] = [p(range.from.toISOString()), range.to ? p(range.to.toISOString()) : null];
  const within = (column: string) =>
    `${column} >= ${from}::timestamptz${to ? ` AND ${column} < ${to}::timestamptz` : ""}`;
  const columns = kept.columns.join(", ");
  return `(SELECT bucket, currency, ${columns} FROM ${kept.hours}
            WHERE ${within("bucket")} AND bucket <> ALL(${split}::timestamptz[])
          UNION ALL
          SELECT q.bucket, q.currency, ${kept.columns.map((c) => `q.${c}`).join(", ")}
            FROM unnest(${split}::timestamptz[]) s(hour)
            JOIN ${kept.quarters} q ON q.bucket >= s.hour AND q.bucket < s.hour + interval '1 hour'
           WHERE ${within("q.bucket")}
          UNION ALL
          SELECT bucket, currency, ${columns} FROM ${kept.deltas} WHERE ${within("bucket")})`;
}
