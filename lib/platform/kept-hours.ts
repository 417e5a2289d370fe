// Totals kept per quarter hour (UTC) are also kept per UTC hour, and some per UTC day (migrations
// …_kept_hours, …_report_days: statement triggers on the finer table). A range cut into a time
// zone's days or months reads each period at the coarsest grain that fits inside it: whole UTC
// days, then hours, then quarter hours only where a period starts inside an hour (a zone 30 or 45
// minutes off UTC, or a daylight-saving change of half an hour); plus the deltas not yet folded,
// which are quarter-hour rows. Every row read then lies inside one period, and each grain is read
// by a few index ranges (adjacent pieces merged), whatever the planner thinks of a join.

const QUARTER = 900_000;
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

type Range = [from: number, to: number];
const floorTo = (t: number, size: number) => Math.floor(t / size) * size;
const ceilTo = (t: number, size: number) => Math.ceil(t / size) * size;

/**
 * The pieces of [from, to) at each grain (coarsest first), each inside one period: a period is cut
 * at the coarsest grain's whole units, and what is left either side at the next grain's.
 */
export function tiles(range: { from: Date; to: Date }, periodStarts: readonly Date[], grains: readonly number[]) {
  const [from, to] = [range.from.getTime(), range.to.getTime()];
  const cuts = [...new Set([from, to, ...periodStarts.map((d) => d.getTime())])]
    .filter((t) => t >= from && t <= to)
    .sort((a, b) => a - b);
  const out: Range[][] = grains.map(() => []);
  const cut = (a: number, b: number, level: number) => {
    if (a >= b) return;
    const size = grains[level];
    if (size === undefined) return;
    // The finest grain takes what is left: every zone is whole quarter hours from UTC, and were a
    // start not, its quarter would go to the period its own start lies in, never to two.
    const [first, end] =
      level === grains.length - 1 ? [ceilTo(a, size), ceilTo(b, size)] : [ceilTo(a, size), floorTo(b, size)];
    if (first >= end) return cut(a, b, level + 1);
    out[level]!.push([first, end]);
    cut(a, first, level + 1);
    cut(end, b, level + 1);
  };
  for (let i = 0; i + 1 < cuts.length; i++) cut(cuts[i]!, cuts[i + 1]!, 0);
  // Adjacent pieces of a grain read as one range.
  return out.map((pieces) =>
    pieces
      .sort((x, y) => x[0] - y[0])
      .reduce<Range[]>((merged, [a, b]) => {
        const last = merged.at(-1);
        if (last && last[1] >= a) last[1] = Math.max(last[1], b);
        else merged.push([a, b]);
        return merged;
      }, []),
  );
}

/**
 * The kept rows of [from, to) (`bucket, currency, …columns`) as one parenthesized subquery, each
 * row inside one of the periods whose starts are given; `p` binds a parameter and returns its
 * placeholder.
 */
export function keptRows(
  kept: KeptTotals,
  p: (value: unknown) => string,
  range: { from: Date; to: Date },
  periodStarts: readonly Date[],
): string {
  const tables = kept.days ? [kept.days, kept.hours, kept.quarters] : [kept.hours, kept.quarters];
  const grains = kept.days ? [DAY, HOUR, QUARTER] : [HOUR, QUARTER];
  const at = (t: number) => `${p(new Date(t).toISOString())}::timestamptz`;
  const columns = kept.columns.join(", ");
  const parts = tiles(range, periodStarts, grains).flatMap((ranges, i) =>
    ranges.length
      ? [
          `SELECT bucket, currency, ${columns} FROM ${tables[i]}
            WHERE ${ranges.map(([a, b]) => `(bucket >= ${at(a)} AND bucket < ${at(b)})`).join(" OR ")}`,
        ]
      : [],
  );
  parts.push(
    `SELECT bucket, currency, ${columns} FROM ${kept.deltas}
      WHERE bucket >= ${at(range.from.getTime())} AND bucket < ${at(range.to.getTime())}`,
  );
  return `(${parts.join("\n UNION ALL\n ")})`;
}

/**
 * Which of the periods a kept row lies in, as SQL: 1 for the first (starts[0] up to starts[1]),
 * and so on. Grouping by it, not by the row's local day or month as text, spares formatting
 * every row in the zone: a third of the home chart's statement at a million ledger rows.
 */
export function periodIndex(p: (value: unknown) => string, periodStarts: readonly Date[]): string {
  return `width_bucket(bucket, ${p(periodStarts.map((d) => d.toISOString()))}::timestamptz[])`;
}
