// bench:scale, the export figure (issue 36): CSV of min(scale, 1,000,000) ledger rows through the
// console's own endpoint as finance, streamed: rows/s, the console's RSS during it against idle
// (its pid found by its port, /proc VmRSS every 100 ms) and the closing audit row's count. Beside
// it the naive way, in this process: Prisma findMany of the whole filter, then the CSV in memory.
// usage alone: SCALE=1000000 tsx scripts/bench/scale/export.ts   (its own stack and seed)
import { spawn } from "node:child_process";
import type { NaiveResult } from "./export-naive";
import { withPg } from "../../lib/users";
import { METRICS_TOKEN, type ScaleContext, type ScalePart, type ScaleRow } from "./context";
import { consolePid, int, loadNow, mib, sampleRss } from "./proc";
import { isMain, runStandalone, seedLedger } from "./standalone";

const GOAL_RATE = 50_000;
const GOAL_MIB = 50;

/** The first day (UTC) whose rows onward are at least `rows` of the newest. */
async function fromDay(databaseUrl: string, rows: number): Promise<string> {
  const at = await withPg(databaseUrl, async (c) => {
    const { rows: r } = await c.query<{ t: Date }>(
      "SELECT time_created AS t FROM ledger_transactions ORDER BY time_created DESC, id DESC OFFSET $1 LIMIT 1",
      [rows - 1],
    );
    return r[0]?.t ?? new Date(0);
  });
  return at.toISOString().slice(0, 10);
}

/** V8's heap (used, total) and memory outside it (Buffers, external), MiB, from the console's /api/metrics. */
async function v8Now(ctx: ScaleContext) {
  const text = await (
    await fetch(`${ctx.baseUrl}/api/metrics`, {
      headers: { Authorization: `Bearer ${process.env.METRICS_TOKEN ?? METRICS_TOKEN}` },
    })
  ).text();
  const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, "m").exec(text)?.[1] ?? Number.NaN) / 2 ** 20;
  return {
    used: value("nodejs_heap_size_used_bytes"),
    total: value("nodejs_heap_size_total_bytes"),
    external: value("nodejs_external_memory_bytes"),
  };
}

/** V8's figures every second until stopped (a scrape also reads a few database gauges: not more often). */
function sampleV8(ctx: ScaleContext) {
  const max = { used: 0, total: 0, external: 0 };
  let running = true;
  const loop = (async () => {
    while (running) {
      const now = await v8Now(ctx).catch(() => null);
      if (now) for (const k of ["used", "total", "external"] as const) max[k] = Math.max(max[k], now[k]);
      await new Promise((r) => setTimeout(r, 1000));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return max;
    },
  };
}

/** Reads the whole body as it comes, counting lines, holding nothing. */
async function download(ctx: ScaleContext, query: string) {
  const t = performance.now();
  const res = await fetch(`${ctx.baseUrl}/api/transactions/export.csv?${query}`, {
    headers: { cookie: ctx.cookies.finance },
  });
  if (res.status !== 200 || !res.body) throw new Error(`export answered ${res.status}`);
  let lines = 0;
  let bytes = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.length;
    for (let i = 0; i < value.length; i++) if (value[i] === 10) lines++;
  }
  return { rows: lines - 1, bytes, seconds: (performance.now() - t) / 1000 };
}

async function closingAudit(databaseUrl: string) {
  return withPg(databaseUrl, async (c) => {
    const { rows } = await c.query<{ result: string; detail: { rows?: number } }>(
      "SELECT result, detail FROM audit_log WHERE action = 'transaction.export' AND result <> 'ok' ORDER BY id DESC LIMIT 1",
    );
    return rows[0];
  });
}

/**
 * A reader that takes STALL_ROWS, stops reading for 3 s, then hangs up: what the console read
 * meanwhile (the cursor's session: idle in its transaction, the FETCH count), its RSS, and once
 * the reader is gone, the closing audit row and the cursor's session (gone: the client released).
 */
async function stalledThenCancelled(ctx: ScaleContext, query: string) {
  const STALL_ROWS = 50_000;
  const abort = new AbortController();
  const res = await fetch(`${ctx.baseUrl}/api/transactions/export.csv?${query}`, {
    headers: { cookie: ctx.cookies.finance },
    signal: abort.signal,
  });
  const reader = res.body!.getReader();
  let lines = 0;
  while (lines <= STALL_ROWS) {
    const { done, value } = await reader.read();
    if (done) break;
    for (let i = 0; i < value.length; i++) if (value[i] === 10) lines++;
  }
  const sessions = () =>
    withPg(ctx.databaseUrl, async (c) => {
      const { rows } = await c.query<{ state: string }>(
        "SELECT state FROM pg_stat_activity WHERE query LIKE 'FETCH FORWARD%' AND datname = current_database()",
      );
      return rows.map((r) => r.state);
    });
  await new Promise((r) => setTimeout(r, 3000));
  const stalled = await sessions();
  abort.abort();
  let closing: Awaited<ReturnType<typeof closingAudit>>;
  for (let i = 0; i < 50; i++) {
    closing = await closingAudit(ctx.databaseUrl);
    if (closing?.result === "failed") break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const after = await sessions();
  return { received: lines - 1, stalled, after, closing: closing! };
}

/**
 * The naive export (export-naive.ts) in a process of its own, with Node's default heap: at a
 * million rows it runs out of memory, and that ends its process, not the bench (it ended the
 * whole bench:scale run, printed table and all, the first time it ran at ten million rows).
 */
async function naive(databaseUrl: string, from: string): Promise<NaiveResult | { failed: string; seconds: number }> {
  const t = performance.now();
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/bench/scale/export-naive.ts", databaseUrl, from], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (err = (err + d).slice(-4000)));
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  const seconds = (performance.now() - t) / 1000;
  if (code === 0) return JSON.parse(out) as NaiveResult;
  const oom = /heap out of memory|Reached heap limit/.test(err);
  return { failed: oom ? "ran out of memory (Node's default heap)" : `exited ${code}: ${err.slice(-300)}`, seconds };
}

export const run: ScalePart = async (ctx) => {
  const want = Math.min(ctx.scale, 1_000_000);
  const from = await fromDay(ctx.databaseUrl, want);
  const pid = consolePid(ctx.baseUrl);
  ctx.log(`export: rows from ${from} (≥ ${int(want)}), console pid ${pid}`);
  await download(ctx, `from=${from}&status=no-such-status`).catch(() => undefined); // warm the route
  const idleSampler = sampleRss(pid);
  await new Promise((r) => setTimeout(r, 2000));
  const idleRss = idleSampler.stop();
  const idle = idleRss.median;
  const v8Idle = await v8Now(ctx);
  const loadBefore = loadNow();
  const during = sampleRss(pid);
  const v8During = sampleV8(ctx);
  const got = await download(ctx, `from=${from}`);
  const rss = during.stop();
  const v8Max = await v8During.stop();
  // Where a growth is: V8's heap (used before its collector runs, and what it has reserved), memory
  // outside it, and the resident pages' parts (anonymous: data; file: code and libraries mapped).
  const memory =
    `V8 heap used ${mib(v8Idle.used)} idle → max ${mib(v8Max.used)}, reserved ${mib(v8Idle.total)} → ${mib(v8Max.total)}, ` +
    `external ${mib(v8Idle.external)} → ${mib(v8Max.external)}; RSS anonymous ${mib(idleRss.atMax.anon)} → ${mib(rss.atMax.anon)}, ` +
    `files ${mib(idleRss.atMax.file)} → ${mib(rss.atMax.file)}`;
  ctx.log(`export: memory: ${memory}`);
  const audit = await closingAudit(ctx.databaseUrl);
  const rate = got.rows / got.seconds;
  const growth = rss.max - idle;
  const audited = audit?.detail.rows;
  ctx.log(
    `export: ${int(got.rows)} rows, ${int(got.bytes / 2 ** 20)} MiB in ${got.seconds.toFixed(1)} s; audit ${audited}`,
  );
  const loadAfter = loadNow();
  // The same export again at once: memory held by the first would add to the second's peak;
  // garbage the first left for V8's next full collection is reused instead.
  const again = sampleRss(pid);
  const v8Again = sampleV8(ctx);
  await download(ctx, `from=${from}`);
  const rssAgain = again.stop();
  const v8AgainMax = await v8Again.stop();
  const repeat = `a second export at once: RSS max ${mib(rssAgain.max)} (${rssAgain.max >= rss.max ? "+" : ""}${mib(
    rssAgain.max - rss.max,
  )} on the first's), V8 heap used max ${mib(v8AgainMax.used)}`;
  ctx.log(`export: ${repeat}`);
  const cut = await stalledThenCancelled(ctx, `from=${from}`);
  const cutRows = cut.closing?.detail.rows ?? -1;
  ctx.log(`export: stalled then cancelled: ${JSON.stringify(cut)}`);
  // SCALE_EXPORT_BASELINE=off skips it (minutes at a million rows, to its heap's end).
  const base =
    process.env.SCALE_EXPORT_BASELINE === "off"
      ? { failed: "not run (SCALE_EXPORT_BASELINE=off)", seconds: 0 }
      : await naive(ctx.databaseUrl, from);
  ctx.log(`export: naive ${"failed" in base ? base.failed : `${int(base.rows)} rows`} in ${base.seconds.toFixed(1)} s`);
  const load = `load ${loadBefore} → ${loadAfter} (2 shared cores)`;
  const rows: ScaleRow[] = [
    {
      figure: "CSV export, streamed",
      case: `${int(got.rows)} rows (from ${from}), ${mib(got.bytes / 2 ** 20)} of CSV`,
      result: `${int(rate)} rows/s (${got.seconds.toFixed(1)} s), server RSS ${mib(idle)} idle → max ${mib(rss.max)} (+${mib(growth)}), audit row ${audit?.result} ${audited} rows`,
      baseline:
        "failed" in base
          ? `findMany + CSV in memory: ${base.failed} after ${base.seconds.toFixed(1)} s`
          : `findMany + CSV in memory: ${base.seconds.toFixed(1)} s (${int(base.rows / base.seconds)} rows/s), process RSS +${mib(base.rssGrowth)}, heap +${mib(base.heapGrowth)}`,
      goal: `≥ ${int(GOAL_RATE)} rows/s, RSS within +${GOAL_MIB} MiB, audit counts the rows`,
      met: rate >= GOAL_RATE && growth <= GOAL_MIB && audited === got.rows && audit?.result === "succeeded",
      note: `${load}; ${memory}; ${repeat}`,
    },
    {
      figure: "CSV export, reader stalls then hangs up",
      case: `reads ${int(cut.received)} rows, stops 3 s, aborts`,
      result: `while stalled the cursor's session was ${JSON.stringify(cut.stalled)}; after the abort: audit ${cut.closing?.result} ${JSON.stringify(cut.closing?.detail)}, cursor sessions left ${cut.after.length}`,
      baseline: "—",
      goal: "nothing read ahead beyond a batch, the audit row counts the rows sent, the cursor's client released",
      met: cut.closing?.result === "failed" && cutRows >= cut.received && cut.after.length === 0,
      note: `audited rows = rows in chunks written to the response: ${int(cutRows - cut.received)} of them were in the sockets' buffers (kernel, HTTP client), never read`,
    },
  ];
  return rows;
};

if (isMain(import.meta.url))
  await runStandalone("export", run, (url) => seedLedger(url, Number(process.env.SCALE ?? 1_000_000)));
