// The refund batch preview (issue 34) of a 10,000-row CSV: every row resolved to its charge
// (half by transaction id, half by merchant reference) and checked, in a few queries whatever
// the number of rows. Runs the service on a migrated database of your own (it adds 10,000
// captured charges and removes them afterwards).
// usage: DATABASE_URL=… npx tsx --import ./scripts/lib/server-only-off.mjs scripts/bench/refund-batch-preview.ts
// (goal: ≤ 5 s)
import { db } from "../../lib/platform/db";
import { inputsFromCsv, previewRefundBatch } from "../../lib/refund-batches/preview";

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const run = Date.now().toString(36);
const id = (i: number) => `bench${run}${String(i).padStart(8, "0")}`;

await db.$executeRawUnsafe(
  `INSERT INTO ledger_transactions (id, type, reference, method, status, amount, amount_captured, currency, time_created, payload, source, updated_at)
   SELECT 'bench${run}' || lpad(i::text, 8, '0'), 'charge', 'bench-order-${run}-' || i, 'card', 'succeeded', 5000, 5000, 'USD', now(), '{}', 'test', now()
     FROM generate_series(0, ${ROWS - 1}) i`,
);
try {
  const lines = Array.from({ length: ROWS }, (_, i) =>
    i % 2 ? `${id(i)},12.50,product_issue,recall` : `bench-order-${run}-${i},,fraud,`,
  );
  const csv = ["transaction,amount,reason,note", ...lines].join("\n");
  const times: number[] = [];
  for (let round = 0; round < 3; round++) {
    const t0 = performance.now();
    const preview = await previewRefundBatch(inputsFromCsv(csv));
    times.push(performance.now() - t0);
    if (preview.problems) throw new Error(`${preview.problems} rows with problems`);
  }
  const heap = process.memoryUsage().heapUsed / 2 ** 20;
  console.log(
    `${ROWS} rows (${(csv.length / 2 ** 20).toFixed(2)} MiB): preview ${times.map((t) => `${(t / 1000).toFixed(2)} s`).join(", ")}; heap after ${heap.toFixed(0)} MiB`,
  );
} finally {
  await db.$executeRawUnsafe(`DELETE FROM ledger_transactions WHERE id LIKE 'bench${run}%'`);
  await db.$disconnect();
}
