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

/** The pieces of [from, to) at each grain (coarsest first), each inside one period. */
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
    const [first, end] =
      level === grains.length - 1 ? [ceilTo(a, size), ceilTo(b, size)] : [ceilTo(a, size), floorTo(b, size)];
    if (first >= end) return cut(a, b, level + 1);
    out[level]!.push([first, end]);
    cut(a, first, level + 1);
    cut(end, b, level + 1);
  };
  for (let i = 0; i + 1 < cuts.length; i++) cut(cuts[i]!, cuts[i + 1]!, 0);
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

/** The kept rows of [from, to) as one subquery, each row inside one of the given periods; `p` binds a parameter. */
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

/** Which period a kept row lies in, as SQL: grouping by it spares formatting every row in the zone. */
export function periodIndex(p: (value: unknown) => string, periodStarts: readonly Date[]): string {
  return `width_bucket(bucket, ${p(periodStarts.map((d) => d.toISOString()))}::timestamptz[])`;
}
