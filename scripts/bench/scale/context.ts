// What every part of `npm run bench:scale` (issue 36) is handed, and what it gives back: one
// seeded database and one running console, and rows of the figures table in docs/benchmarks.md.

export type ScaleContext = {
  /** Ledger rows seeded (10,000,000 by default; SCALE=1000000 for a quick run); the other tables scale with it. */
  scale: number;
  /** The seeded database (the console's own, as `npm start` would use it). */
  databaseUrl: string;
  /** The console's production server (scripts/serve.ts via startStack). */
  baseUrl: string;
  /** Session cookies per role, signed in. */
  cookies: Record<"finance" | "manager" | "ops" | "admin", string>;
  /** The PostgreSQL server's log, where auto_explain writes the plans of the console's slow statements. */
  postgresLog?: string;
  /** Each list page's time over the empty database, before seeding: its render floor (lists.ts pageFloor). */
  pageFloor?: Record<string, string>;
  /** Progress lines (stderr), so a long run shows where it is. */
  log: (line: string) => void;
};

/** One row of the figures table: the design's figure beside the naive baseline's, on the same data. */
export type ScaleRow = {
  figure: string;
  case: string;
  /** e.g. "p50 4.1 ms, p99 9.8 ms" or "61,200 rows/s, +21 MiB". */
  result: string;
  /** The same request answered the naive way (OFFSET, COUNT(*), SUM, findMany of everything). */
  baseline: string;
  goal: string;
  met: boolean;
  /** When a goal is not met: what limits it (a query plan, a machine limit). */
  note?: string;
};

export type ScalePart = (ctx: ScaleContext) => Promise<ScaleRow[]>;

/** The console's metrics token: bench:scale starts it with this one unless one is set, so a part can read V8's figures. */
export const METRICS_TOKEN = "bench-scale-metrics-token";
