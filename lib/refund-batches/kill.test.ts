import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { actorFor } from "@/lib/platform/auth/actor";
import { updateSettings } from "@/lib/platform/settings/service";
import { reconcileOperation } from "@/lib/operations/reconcile";
import { poll } from "@/test/instance";
import { startSender } from "@/test/batch-sender-process";
import {
  charge,
  client,
  control,
  finance,
  freshEachTest,
  refundCount,
  sandboxUrl,
  setUpSandbox,
} from "@/test/operations-harness";
import { createRefundBatch } from "./create";
import { inputsFromSelection } from "./preview";
import { getRefundBatchOrThrow } from "./view";
import { userRowOf } from "@/test/staff";

// Exactly once across a killed sender: the batch's rows are sent by another process
// (test/batch-sender.ts), killed with SIGKILL while a refund is in flight at the sandbox, then
// started again. What the sandbox holds is counted over HTTP.

setUpSandbox();
freshEachTest();
beforeEach(async () => {
  await db.refundBatch.deleteMany();
  await db.user.upsert({
    where: { id: finance.id },
    create: { ...userRowOf(finance), passwordHash: "not-a-hash" },
    update: {},
  });
  await updateSettings({ refundBatchRatePerSecond: 50, refundBatchThresholds: { USD: 1_000_000 } }, "test");
});

/** Refunds the sandbox heard asked for, per reference (a re-send with the same reference is not a new refund). */
async function heardReferences() {
  const res = await control("GET", "/__sandbox/requests?path=/v1/refunds");
  const heard = (await res.json()) as { method: string; body: { id?: string; reference?: string } }[];
  return heard.filter((h) => h.method === "POST").map((h) => h.body);
}

describe("a refund batch whose sender is killed", () => {
  it("refunds every row exactly once after SIGKILL mid-request and a restart", async () => {
    const ids = await Promise.all(Array.from({ length: 16 }, () => charge({ amount: 1_000, capture: 1_000 })));
    const { id } = await createRefundBatch(
      { source: "selection", inputs: inputsFromSelection(ids, "product_issue", "recall") },
      actorFor(finance, client),
    );
    // Each refund takes 150 ms at the sandbox, which applies it after the wait: a kill in it loses the answer.
    await control("POST", "/__sandbox/faults", { method: "POST", path_prefix: "/v1/refunds", fault: "latency=150" });
    const first = startSender(id, sandboxUrl());
    const inFlight = await poll(
      () => db.operation.findMany({ where: { batchId: id }, select: { status: true } }),
      (ops) => ops.length >= 5 && ops.some((o) => o.status === "pending"),
      30_000,
    );
    first.child.kill("SIGKILL");
    expect(await first.exited).toBeNull();
    expect(inFlight.value.some((o) => o.status === "pending")).toBe(true);
    const sentBefore = await db.operation.count({ where: { batchId: id } });
    expect(sentBefore).toBeLessThan(ids.length);

    // Time passes (the stale claim and the call's time-out): what the dead process held is taken back.
    await db.$executeRaw`UPDATE refund_batch_rows SET claimed_at = now() - interval '1 hour' WHERE batch_id = ${id}::uuid`;
    await db.$executeRaw`UPDATE operations SET created_at = now() - interval '1 hour', last_attempt_at = NULL
                          WHERE batch_id = ${id}::uuid AND status = 'pending'`;
    const second = startSender(id, sandboxUrl());
    expect(await second.exited).toBe(0);
    // The refund the dead process left in flight is the reconciler's, as any refund's (the minute sweep).
    for (const op of await db.operation.findMany({ where: { batchId: id, status: { in: ["pending", "unknown"] } } }))
      await reconcileOperation(op.id);

    const batch = await getRefundBatchOrThrow(id);
    expect(batch).toMatchObject({ status: "done", counts: { total: ids.length, succeeded: ids.length } });
    expect(await Promise.all(ids.map(refundCount))).toEqual(ids.map(() => 1));
    const ops = await db.operation.findMany({ where: { batchId: id } });
    expect(ops).toHaveLength(ids.length);
    const heard = await heardReferences();
    // Every reference the sandbox heard is one of the batch's operations: no row got a second one.
    expect(new Set(heard.map((h) => h.reference))).toEqual(new Set(ops.map((o) => o.reference)));
  }, 90_000);
});
