// bench:scale, the intake figure (issue 36): webhook notifications at 1,500/s from a separate
// process for INTAKE_SECONDS (default 600) while the console's own retention job (pg-boss queue
// webhooks-retention, lib/webhooks/retention.ts) deletes a year of old notifications: ack p99,
// apply lag p99 (received → applied) per 10-second window, the console's RSS. Baseline beside
// it: the same intake with no retention running (BASELINE_SECONDS, default min(INTAKE_SECONDS, 120)).
// usage alone: INTAKE_SECONDS=60 tsx scripts/bench/scale/intake.ts   (its own stack and seed)
import { spawn } from "node:child_process";
import PgBoss from "pg-boss";
import { BENCH_SECRETS_KEY } from "../harness";
import { keyringOrThrow, putSecret } from "../../lib/secrets";
import { withPg } from "../../lib/users";
import type { ScaleContext, ScalePart, ScaleRow } from "./context";
import { consolePid, cpuMeter, int, loadNow, mib, sampleRss } from "./proc";
import { oldNotifications, seedOldNotifications } from "./seed-notifications";
import { isMain, runStandalone } from "./standalone";
import { applyLag, type Phase, phaseLine, waitApplied } from "./intake-report";

const SECRET = "whsec_scale_bench";
const RATE = Number(process.env.INTAKE_RATE ?? 1500);
const SECONDS = Number(process.env.INTAKE_SECONDS ?? 600);
const BASELINE_SECONDS = Number(process.env.BASELINE_SECONDS ?? Math.min(SECONDS, 120));

type Window = {
  window: number;
  atSeconds: number;
  ack: { n: number; p99: number; max: number };
  statuses: Record<string, number>;
};
type Summary = {
  sent: number;
  seconds: number;
  rate: number;
  ack: { n: number; p50: number; p99: number; max: number };
  statuses: Record<string, number>;
  prefix: string;
  cpuSeconds: number;
};

function send(ctx: ScaleContext, seconds: number, rate: number, prefix: string, onWindow: (w: Window) => void) {
  return new Promise<Summary>((resolve, reject) => {
    const child = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/bench/scale/intake-sender.ts"], {
      env: {
        ...process.env,
        TARGET_URL: `${ctx.baseUrl}/api/webhooks/upi`,
        WEBHOOK_SECRET: SECRET,
        RATE: String(rate),
        SECONDS: String(seconds),
        ID_PREFIX: prefix,
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    let summary: Summary | undefined;
    child.stdout.on("data", (d) => {
      out += d;
      const lines = out.split("\n");
      out = lines.pop()!;
      for (const line of lines) {
        const parsed = JSON.parse(line) as Window | (Summary & { summary: true });
        if ("summary" in parsed) summary = parsed;
        else onWindow(parsed);
      }
    });
    child.on("exit", (code) => (code === 0 && summary ? resolve(summary) : reject(new Error(`sender exited ${code}`))));
  });
}

/** The console's retention job, queued as its daily schedule would (the console's workers run it). */
async function queueRetention(databaseUrl: string) {
  const boss = new PgBoss({
    connectionString: databaseUrl,
    schema: "pgboss",
    supervise: false,
    schedule: false,
    migrate: false,
  });
  boss.on("error", () => undefined);
  await boss.start();
  try {
    const id = await boss.send("webhooks-retention", {});
    if (!id) throw new Error("the retention job was not queued (one already queued?)");
  } finally {
    await boss.stop({ graceful: false, wait: false });
  }
}

const retentionDone = (databaseUrl: string, since: Date) =>
  withPg(databaseUrl, async (c) => {
    const { rows } = await c.query<{ at: Date; detail: unknown }>(
      // By (action, at): ordered by id, it walked the ten million audit rows' key backwards for minutes.
      "SELECT at, detail FROM audit_log WHERE action = 'webhook.retention' AND at >= $1 ORDER BY at DESC LIMIT 1",
      [since],
    );
    return rows[0];
  });

async function phase(ctx: ScaleContext, name: string, seconds: number, withRetention: boolean): Promise<Phase> {
  const pid = consolePid(ctx.baseUrl);
  const prefix = `7${Date.now()}`;
  const rss = sampleRss(pid, 100);
  const cpu = cpuMeter(pid);
  const windows: (Window & { rssMiB: number; retention: boolean })[] = [];
  const started = new Date();
  let retentionEnded: Date | undefined;
  let retention: { at: Date; detail: unknown } | undefined;
  const load = [loadNow()];
  if (withRetention) await queueRetention(ctx.databaseUrl);
  const summary = await send(ctx, seconds, RATE, prefix, (w) => {
    const retentionRunning = withRetention && !retentionEnded;
    windows.push({ ...w, rssMiB: rss.samples.at(-1) ?? 0, retention: retentionRunning });
    ctx.log(
      `${name} ${w.atSeconds}s: ack p99 ${w.ack.p99.toFixed(1)} ms, RSS ${mib(rss.samples.at(-1) ?? 0)}${retentionRunning ? ", retention running" : ""}, load ${loadNow()}`,
    );
    load.push(loadNow());
    if (withRetention && !retentionEnded)
      void retentionDone(ctx.databaseUrl, started).then((r) => {
        if (r && !retentionEnded) {
          retentionEnded = r.at;
          retention = r;
        }
      });
  });
  const memory = rss.stop();
  const cpuLine = cpu(summary.cpuSeconds);
  ctx.log(`${name}: ${cpuLine}`);
  if (withRetention && !retention) {
    ctx.log(`${name}: waiting for retention to finish`);
    for (let i = 0; i < 600 && !retention; i++) {
      retention = await retentionDone(ctx.databaseUrl, started);
      if (!retention) await new Promise((r) => setTimeout(r, 1000));
    }
  }
  await waitApplied(ctx.databaseUrl, prefix);
  const lag = await applyLag(ctx.databaseUrl, prefix, started);
  return {
    name,
    summary,
    windows,
    memory,
    lag,
    load,
    cpu: cpuLine,
    started,
    retention: retention && { ...retention, started },
  };
}

export const run: ScalePart = async (ctx) => {
  await withPg(ctx.databaseUrl, (c) =>
    putSecret(c, keyringOrThrow({ SECRETS_KEY: BENCH_SECRETS_KEY }), "webhook.secret", SECRET, "bench"),
  );
  let old = await oldNotifications(ctx.databaseUrl);
  if (old === 0) {
    ctx.log("intake: the seed left no notifications past retention; seeding a year of them");
    await seedOldNotifications(ctx.databaseUrl, Math.min(ctx.scale, 1_000_000), ctx.log);
    old = await oldNotifications(ctx.databaseUrl);
  }
  ctx.log(`intake: ${int(old)} notifications past retention; warming up`);
  await send(ctx, 5, 200, `6${Date.now()}`, () => undefined);
  const baseline = await phase(ctx, "no retention", BASELINE_SECONDS, false);
  const measured = await phase(ctx, "with retention", SECONDS, true);
  const result = phaseLine(measured, old);
  const base = phaseLine(baseline, 0);
  const row: ScaleRow = {
    figure: "webhook intake + retention",
    case: `${int(RATE)}/s for ${SECONDS} s while retention removes ${int(old)} notifications`,
    result: result.text,
    baseline: `same intake, no retention (${BASELINE_SECONDS} s): ${base.text}`,
    goal: "ack p99 ≤ 100 ms, apply lag p99 ≤ 1 s throughout, memory flat",
    met: result.met,
    note: `load ${measured.load[0]} → ${measured.load.at(-1)}; ${measured.cpu}; without retention: ${baseline.cpu}; ${result.note}`,
  };
  return [row];
};

if (isMain(import.meta.url))
  await runStandalone("intake", run, (url) =>
    seedOldNotifications(url, Number(process.env.SCALE ?? 1_000_000), console.error),
  );
