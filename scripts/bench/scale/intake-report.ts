// What intake.ts measured, read back and put in words: apply lag from the stored rows, per
// 10-second window and overall; ack latency per window from the sender; the console's RSS.
import { withPg } from "../../lib/users";
import { int, mib } from "./proc";

type Ack = { n: number; p50?: number; p99: number; max: number };
export type Phase = {
  name: string;
  summary: { sent: number; seconds: number; rate: number; ack: Ack; statuses: Record<string, number> };
  windows: { atSeconds: number; ack: Ack; rssMiB: number; retention: boolean; statuses: Record<string, number> }[];
  memory: { samples: number[]; max: number; median: number };
  lag: { p50: number; p99: number; max: number; applied: number; pending: number; worstWindowP99: number };
  load: string[];
  /** Where the CPU went while it sent (proc.ts cpuMeter). */
  cpu: string;
  started: Date;
  retention?: { at: Date; detail: unknown; started: Date };
};

/** Waits (up to two minutes) for the workers to apply what this phase sent. */
export async function waitApplied(databaseUrl: string, prefix: string) {
  await withPg(databaseUrl, async (c) => {
    for (let i = 0; i < 240; i++) {
      const { rows } = await c.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM webhook_notifications WHERE apply_state = 'pending' AND transaction_id LIKE $1",
        [`${prefix}%`],
      );
      if (rows[0]!.n === 0) return;
      await new Promise((r) => setTimeout(r, 500));
    }
  });
}

/** Received → applied, in ms: overall, and the worst p99 of any 10-second window of arrivals. */
export const applyLag = (databaseUrl: string, prefix: string, since: Date) =>
  withPg(databaseUrl, async (c) => {
    const { rows } = await c.query(
      `WITH l AS (SELECT received_at, apply_state, extract(epoch FROM applied_at - received_at) * 1000 AS ms
                    FROM webhook_notifications WHERE transaction_id LIKE $1 AND received_at >= $2),
            w AS (SELECT percentile_cont(0.99) WITHIN GROUP (ORDER BY ms) AS p99 FROM l WHERE ms IS NOT NULL
                   GROUP BY floor(extract(epoch FROM received_at - $2::timestamptz) / 10))
       SELECT (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY ms) FROM l) AS p50,
              (SELECT percentile_cont(0.99) WITHIN GROUP (ORDER BY ms) FROM l) AS p99,
              (SELECT max(ms) FROM l) AS max,
              (SELECT count(*) FROM l WHERE ms IS NOT NULL)::int AS applied,
              (SELECT count(*) FROM l WHERE apply_state = 'pending')::int AS pending,
              (SELECT max(p99) FROM w) AS worst`,
      [`${prefix}%`, since],
    );
    const r = rows[0];
    return {
      p50: Number(r.p50),
      p99: Number(r.p99),
      max: Number(r.max),
      applied: r.applied as number,
      pending: r.pending as number,
      worstWindowP99: Number(r.worst),
    };
  });

const ms = (n: number) => `${n.toFixed(1)} ms`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** The phase in one line, and whether it met the goals (memory flat: the last tenth's median RSS within +30 MiB of the first tenth's). */
export function phaseLine(p: Phase, old: number) {
  const s = p.summary;
  const worstAck = Math.max(...p.windows.map((w) => w.ack.p99));
  const during = p.windows.filter((w) => w.retention);
  const tenth = Math.max(1, Math.floor(p.memory.samples.length / 10));
  const first = median(p.memory.samples.slice(0, tenth));
  const last = median(p.memory.samples.slice(-tenth));
  const failed = Object.entries(s.statuses).filter(([k]) => k !== "200");
  const retentionSeconds = p.retention ? (p.retention.at.getTime() - p.retention.started.getTime()) / 1000 : null;
  const text = [
    `${int(s.rate)}/s achieved (${int(s.sent)} sent${failed.length ? `, non-200: ${JSON.stringify(Object.fromEntries(failed))}` : ""})`,
    `ack p50 ${ms(s.ack.p50 ?? 0)} p99 ${ms(s.ack.p99)} (worst 10-s window ${ms(worstAck)}${during.length ? `; while retention ran ${ms(Math.max(...during.map((w) => w.ack.p99)))}` : ""})`,
    `apply lag p50 ${ms(p.lag.p50)} p99 ${ms(p.lag.p99)} (worst window ${ms(p.lag.worstWindowP99)}; ${int(p.lag.pending)} left pending)`,
    `console RSS ${mib(first)} → ${mib(last)} (max ${mib(p.memory.max)})`,
    ...(p.retention
      ? [`retention removed ${int(old)} in ${retentionSeconds?.toFixed(0)} s (${JSON.stringify(p.retention.detail)})`]
      : []),
  ].join("; ");
  const flat = last - first <= 30;
  const met = worstAck <= 100 && p.lag.worstWindowP99 <= 1000 && flat && p.lag.pending === 0 && failed.length === 0;
  const note = [
    worstAck > 100 ? "ack p99 over 100 ms in some window" : "",
    p.lag.worstWindowP99 > 1000 ? "apply lag p99 over 1 s in some window" : "",
    flat ? "" : `RSS grew ${mib(last - first)}`,
    s.rate < 0.97 * Number(process.env.INTAKE_RATE ?? 1500) ? "the sender did not reach the rate" : "",
  ]
    .filter(Boolean)
    .join("; ");
  return { text, met, note };
}
