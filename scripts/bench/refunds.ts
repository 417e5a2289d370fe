// Bulk refunds (issue 34) with 10,000 rows: a CSV of 10,000 captured charges → its preview
// (goal ≤ 5 s), the batch stored, then sending sampled for BENCH_SEND_SECONDS each, side by side:
// at the configured rate (Settings, refundBatchRatePerSecond, default 5/s) through sendBatch as
// the job runs it, and at full speed (the same claim and send per row, no pacing). This
// process's memory (the console's code and, in-process, the sandbox) before, during and after.
// Runs against a migrated database of your own; removes its charges, batch and refunds afterwards.
// usage: DATABASE_URL=… npm run bench:refunds (with NODE_OPTIONS=--expose-gc the memory is read after a full collection)
import { db } from "../../lib/platform/db";
import { actorFor } from "../../lib/platform/auth/actor";
import { updateSettings, getSettings } from "../../lib/platform/settings/service";
import { inputsFromCsv, previewRefundBatch } from "../../lib/refund-batches/preview";
import { createRefundBatch } from "../../lib/refund-batches/create";
import { claimRow, sendBatch, sendRow } from "../../lib/refund-batches/send";
import { benchUser, mib, seedCharges, unseed } from "./seed-charges";

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const SAMPLE_MS = Number(process.env.BENCH_SEND_SECONDS ?? 20) * 1000;

await db.setting.deleteMany();
await updateSettings(
  { refundBatchThresholds: { USD: 10_000_000_000 }, refundApprovalThresholds: { USD: 10_000_000 } },
  "bench",
);
const t0 = performance.now();
const seeded = await seedCharges(ROWS);
console.log(`seeded ${ROWS} charges (sandbox state + ledger) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 100);
/** After a full collection when node runs with --expose-gc (then garbage is not counted as growth). */
const settled = () => {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage();
};
const memory = () => {
  const m = settled();
  return `rss ${mib(m.rss)}, heap ${mib(m.heapUsed)}`;
};
let batchId: string | null = null;
try {
  const csv = [
    "transaction,amount,reason,note",
    ...seeded.ids.map((id, i) => `${id},${i % 2 ? "12.50" : ""},product_issue,recall`),
  ].join("\n");
  const times: number[] = [];
  for (let round = 0; round < 3; round++) {
    const t = performance.now();
    const preview = await previewRefundBatch(inputsFromCsv(csv));
    times.push(performance.now() - t);
    if (preview.problems) throw new Error(`${preview.problems} rows with problems`);
  }
  console.log(
    `preview of ${ROWS} rows (${(csv.length / 2 ** 20).toFixed(2)} MiB): ${times.map((t) => `${(t / 1000).toFixed(2)} s`).join(", ")} (goal ≤ 5 s)`,
  );

  let t = performance.now();
  const batch = await createRefundBatch(
    { source: "csv", fileName: "bench.csv", inputs: inputsFromCsv(csv) },
    actorFor(benchUser),
  );
  batchId = batch.id;
  console.log(
    `batch stored (${ROWS} rows, status sending) in ${((performance.now() - t) / 1000).toFixed(2)} s; ${memory()}`,
  );

  const sent = () => db.operation.count({ where: { batchId: batch.id } });
  const { refundBatchRatePerSecond } = await getSettings();
  const before = settled();
  t = performance.now();
  await sendBatch(batch.id, SAMPLE_MS);
  const paced = await sent();
  const pacedS = (performance.now() - t) / 1000;
  console.log(
    `configured rate ${refundBatchRatePerSecond}/s: ${paced} rows in ${pacedS.toFixed(1)} s = ${(paced / pacedS).toFixed(2)} rows/s; ${memory()}`,
  );

  t = performance.now();
  const until = Date.now() + SAMPLE_MS;
  let fast = 0;
  while (Date.now() < until) {
    const row = await claimRow(batch.id);
    if (!row) break;
    await sendRow(row);
    fast++;
  }
  const fastS = (performance.now() - t) / 1000;
  const after = settled();
  console.log(`full speed: ${fast} rows in ${fastS.toFixed(1)} s = ${(fast / fastS).toFixed(1)} rows/s; ${memory()}`);
  const ok = await db.operation.count({ where: { batchId: batch.id, status: "succeeded" } });
  console.log(
    `refunds succeeded ${ok} of ${paced + fast} sent; at the configured rate the whole batch takes ${(ROWS / refundBatchRatePerSecond / 60).toFixed(0)} min`,
  );
  console.log(
    `memory: before sending rss ${mib(before.rss)} heap ${mib(before.heapUsed)}; after rss ${mib(after.rss)} heap ${mib(after.heapUsed)}; peak rss ${mib(peakRss)}`,
  );
} finally {
  clearInterval(sampler);
  if (batchId) {
    await db.refundBatch.updateMany({ where: { id: batchId }, data: { status: "cancelled" } }).catch(() => undefined);
    await db.operation.deleteMany({ where: { batchId } });
    await db.refundBatch.deleteMany({ where: { id: batchId } });
  }
  await unseed(seeded);
  await db.$disconnect();
}
