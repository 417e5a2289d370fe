// Timing helpers shared by bench:scale's parts: a console GET with a role's cookie over one
// kept-alive socket, SQL timed the same way, percentiles, and a slow query's plan.
import http from "node:http";
import { cpus, loadavg } from "node:os";
import pg from "pg";
import { summarize, timeEach } from "../lib";
import type { ScaleContext, ScaleRow } from "./context";
import { quiet, watch } from "./explained";

export type Role = keyof ScaleContext["cookies"];
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** GET a console path as a role; rejects on anything but 200. Resolves with the body when `body` is set. */
export function get(ctx: ScaleContext, role: Role, path: string, body = false): Promise<string> {
  return new Promise((resolve, reject) =>
    http
      .get(`${ctx.baseUrl}${path}`, { agent, headers: { Cookie: ctx.cookies[role] } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => body && chunks.push(c));
        res.on("end", () =>
          res.statusCode === 200
            ? resolve(Buffer.concat(chunks).toString("utf8"))
            : reject(new Error(`HTTP ${res.statusCode} for ${path}`)),
        );
      })
      .on("error", reject),
  );
}

export const ms = (v: number) => (v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2));
/** `calls`: every request made, warm-up included (what a log window of them holds). */
export type Timed = { p50: number; p99: number; n: number; calls: number };
export const show = (t: Timed) => `p50 ${ms(t.p50)} ms, p99 ${ms(t.p99)} ms (n=${t.n})`;

/** `n` timed runs after `warm` untimed ones; a request slower than 250 ms is timed 10 times, not `n`. */
export async function timed(fn: () => Promise<unknown>, n: number, warm = Math.min(20, n)): Promise<Timed> {
  const [first] = await timeEach(1, fn);
  const slow = first! > 250;
  const warmed = slow ? 0 : Math.max(0, warm - 1);
  await timeEach(warmed, fn);
  const s = summarize(await timeEach(slow ? Math.min(10, n) : n, fn));
  return { p50: s.p50, p99: s.p99, n: s.n, calls: 1 + warmed + s.n };
}

export const samples = {
  api: Number(process.env.SCALE_SAMPLES ?? 200),
  base: Number(process.env.SCALE_BASE_SAMPLES ?? 10),
};

/** One pg client for the part's own SQL (baselines, cursors, plans). */
export async function sql(ctx: ScaleContext) {
  const c = new pg.Client({ connectionString: ctx.databaseUrl });
  await c.connect();
  await quiet(c);
  return c;
}

/** The top lines of EXPLAIN (ANALYZE, BUFFERS) of a query, for a row whose goal is not met. */
export async function planTop(c: pg.Client, query: string, lines = 2): Promise<string> {
  try {
    const { rows } = await c.query(`EXPLAIN (ANALYZE, BUFFERS) ${query}`);
    const text = rows.map((r: Record<string, string>) => r["QUERY PLAN"]!.trim());
    const took = text.find((l) => l.startsWith("Execution Time"))?.replace("Execution Time: ", "") ?? "?";
    const top = text
      .filter((l) => !l.startsWith("Buffers") && !l.startsWith("Planning"))
      .slice(0, lines)
      .join(" / ");
    // A query far quicker than the request says the time went elsewhere (the server, a loaded machine).
    return `load ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores; the SQL runs in ${took}: ${top}`;
  } catch (e) {
    return `plan failed: ${(e as Error).message}`;
  }
}

/** A figure's rows, or one row saying why it could not be measured (the other figures still print). */
export async function guarded(
  name: string,
  fn: () => Promise<ScaleRow[]>,
  log: (l: string) => void,
): Promise<ScaleRow[]> {
  try {
    return await fn();
  } catch (e) {
    log(`${name} failed: ${(e as Error).stack ?? e}`);
    return [{ figure: name, case: "could not be measured", result: String(e), baseline: "—", goal: "—", met: false }];
  }
}

/** Times a console request as `timed` does, with what limits it: its statements of 10 ms or more and their plans. */
export async function timedWithLimits(
  ctx: ScaleContext,
  fn: () => Promise<unknown>,
  n: number,
  warm?: number,
): Promise<Timed & { limits: string }> {
  const w = watch(ctx.postgresLog);
  const t = await timed(fn, n, warm);
  return { ...t, limits: w.limits(t.calls) };
}
