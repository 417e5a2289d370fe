import { sendBatch } from "@/lib/refund-batches/send";
import { closeDb } from "@/lib/platform/db";

// A console instance that only sends one refund batch, as its job would (slice after slice),
// in a process of its own so a test can kill it with SIGKILL (lib/refund-batches/kill.test.ts).
// Usage: node --import ./scripts/lib/server-only-off.mjs --import tsx test/batch-sender.ts <batch id>

const batchId = process.argv[2]!;
for (;;) {
  const left = await sendBatch(batchId, 2_000);
  if (left === "done") break;
  if (left === "wait") await new Promise((r) => setTimeout(r, 100));
}
await closeDb();
