// Daily reconciliation (issue 34) over 100,000 charges: seeded in bulk into the ledger and the
// sandbox's state (scripts/bench/seed-charges.ts), with BENCH_PLANTED differences of each kind
// planted: a refund made at the provider only, a chargeback never notified, a charge whose
// amount the ledger has wrong, a ledger charge the provider does not know. One run (Run now):
// a timed sample at the default rate (Settings, 3/s), extrapolated, then the rest at full speed
// (no pacing, the same code). Provider calls counted by the run and at the sandbox; exceptions
// found by kind against those planted, among this bench's charges. The full-speed part stops
// after BENCH_FULL_SECONDS (the differences are planted in the first BENCH_PLANT_SPAN ids, so
// it meets them all) and the rest is extrapolated. Removes its charges afterwards.
// usage: DATABASE_URL=… npm run bench:reconciliation
import { db } from "../../lib/platform/db";
import { config } from "../../lib/platform/config";
import { getSettings } from "../../lib/platform/settings/service";
import { runSlice, startRun } from "../../lib/reconciliation/run";
import { derivedRate } from "../../lib/reconciliation/pace";
import { mib, seedCharges, unseed } from "./seed-charges";

const N = Number(process.env.BENCH_CHARGES ?? 100_000);
const PLANT = Number(process.env.BENCH_PLANTED ?? 25);
const SAMPLE_MS = Number(process.env.BENCH_SAMPLE_SECONDS ?? 30) * 1000;
/** The full-speed part stops after this long (then extrapolated); the differences are planted in the first SPAN ids. */
const FULL_MS = Number(process.env.BENCH_FULL_SECONDS ?? 300) * 1000;
const SPAN = Math.min(N, Number(process.env.BENCH_PLANT_SPAN ?? 5_000));

await db.setting.deleteMany();
await db.reconciliationException.deleteMany();
await db.reconciliationRun.deleteMany();
let t = performance.now();
const seeded = await seedCharges(N);
console.log(`seeded ${N} charges (sandbox state + ledger) in ${((performance.now() - t) / 1000).toFixed(1)} s`);
const { sandbox, token, ids } = seeded;
const api = (path: string, body: unknown) =>
  fetch(`${sandbox.url}${path}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
try {
  // Spread through the id order so the sample and the full-speed part both meet some.
  const pick = (k: number, i: number) => ids[Math.floor(((i * 4 + k) * SPAN) / (PLANT * 4 + 1))]!;
  for (let i = 0; i < PLANT; i++) {
    await api("/v1/refunds", { id: pick(0, i), reference: `bench-elsewhere-${i}`, amount: 1000 });
    await api("/__sandbox/chargebacks", { charge_id: pick(1, i), amount: 2000 });
    await db.$executeRaw`UPDATE ledger_transactions SET amount = amount + 1 WHERE id = ${pick(2, i)}`;
    delete sandbox.store.state.transactions[pick(3, i)];
  }
  const planted = {
    unknown_refund: PLANT,
    unknown_chargeback: PLANT,
    contradiction: PLANT,
    missing_at_provider: PLANT,
  };
  let heard = 0;
  const hear = sandbox.store.hear.bind(sandbox.store);
  sandbox.store.hear = (...a: Parameters<typeof hear>) => {
    if (a[1].startsWith("/v1/transactions/")) heard++;
    hear(...a);
  };

  const { reconciliationRatePerSecond: rate } = await getSettings();
  const run = await startRun("manual");
  const daily = derivedRate("schedule", run.scope)!;
  t = performance.now();
  await runSlice(run.id, SAMPLE_MS);
  const sampled = await db.reconciliationRun.findUniqueOrThrow({ where: { id: run.id } });
  const sampleS = (performance.now() - t) / 1000;
  const perS = sampled.checked / sampleS;
  console.log(
    `default rate ${rate}/s: ${sampled.checked} charges in ${sampleS.toFixed(1)} s = ${perS.toFixed(2)}/s → ${N} charges ≈ ${(N / perS / 3600).toFixed(1)} h (extrapolated)`,
  );
  console.log(
    `the daily run's pace for ${run.scope} charges in RECONCILIATION_WINDOW_HOURS=${config().reconciliationWindowHours}: ${daily.toFixed(2)}/s (ceiling ${rate}/s) → ${(run.scope / Math.min(daily, rate) / 3600).toFixed(1)} h`,
  );
  t = performance.now();
  let slices = 0;
  const stop = Date.now() + FULL_MS;
  for (let r = "more"; r !== "done" && Date.now() < stop; slices++)
    r = await runSlice(run.id, Math.min(60_000, stop - Date.now()), Number.POSITIVE_INFINITY);
  const fastS = (performance.now() - t) / 1000;
  const done = await db.reconciliationRun.findUniqueOrThrow({ where: { id: run.id } });
  const fast = done.checked - sampled.checked;
  console.log(
    `full speed: ${fast} charges in ${fastS.toFixed(1)} s = ${(fast / fastS).toFixed(0)}/s → ${N} charges ≈ ${(N / (fast / fastS) / 60).toFixed(1)} min; heap ${mib(process.memoryUsage().heapUsed)}`,
  );
  console.log(
    `run ${done.finishedAt ? "finished" : `stopped after ${slices} slices`}: checked ${done.checked} of scope ${done.scope}, not checked ${done.notChecked.length}; provider calls ${done.calls} (the sandbox heard ${heard} inquiries); applied ${done.applied}`,
  );
  const found = await db.reconciliationException.groupBy({
    by: ["kind"],
    where: { runId: run.id, resolvedAt: null, chargeId: { startsWith: seeded.prefix } },
    _count: true,
  });
  const byKind = Object.fromEntries(found.map((f) => [f.kind, f._count]));
  const rows = Object.entries(planted).map(([k, n]) => `${k} ${byKind[k] ?? 0}/${n}`);
  const extra = Object.keys(byKind).filter((k) => !(k in planted));
  const equal = Object.entries(planted).every(([k, n]) => byKind[k] === n) && extra.length === 0;
  console.log(
    `exceptions found/planted: ${rows.join(", ")}${extra.length ? `; unplanted: ${extra.map((k) => `${k} ${byKind[k]}`).join(", ")}` : ""} → ${equal ? "equal" : "NOT EQUAL"}`,
  );
  if (!equal) process.exitCode = 1;
} finally {
  await db.reconciliationRun.updateMany({
    where: { finishedAt: null },
    data: { finishedAt: new Date(), failure: "bench" },
  });
  await db.reconciliationException.deleteMany();
  await db.chargeback.deleteMany({ where: { chargeId: { startsWith: seeded.prefix } } });
  await unseed(seeded);
  await db.$disconnect();
}
