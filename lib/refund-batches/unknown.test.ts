import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { actorFor } from "@/lib/platform/auth/actor";
import { updateSettings } from "@/lib/platform/settings/service";
import { reconcileOperation, sweepOperations } from "@/lib/operations/reconcile";
import { charge, client, control, finance, freshEachTest, refundCount, setUpSandbox } from "@/test/operations-harness";
import { createRefundBatch } from "./create";
import { inputsFromSelection } from "./preview";
import { sendBatch } from "./send";
import { getRefundBatchOrThrow } from "./view";
import { userRowOf } from "@/test/staff";

// A batch whose rows meet a 508 at the sandbox: the rows end unknown, the reconciler settles
// them, and nothing is ever sent for them under another reference.

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

const heardRefunds = async () => {
  const res = await control("GET", "/__sandbox/requests?path=/v1/refunds");
  const heard = (await res.json()) as { method: string; body: { id: string; reference: string } }[];
  return heard.filter((h) => h.method === "POST").map((h) => h.body);
};

describe("a refund batch meeting 508s", () => {
  it("leaves those rows unknown, settles them by the reconciler, never with a new reference", async () => {
    const ids = await Promise.all(Array.from({ length: 6 }, () => charge({ amount: 1_000, capture: 1_000 })));
    // The first two refunds are applied and then answered 508; the next two are answered 508 and not applied.
    await control("POST", "/__sandbox/faults", {
      method: "POST",
      path_prefix: "/v1/refunds",
      fault: "http-after=508",
      count: 2,
    });
    await control("POST", "/__sandbox/faults", {
      method: "POST",
      path_prefix: "/v1/refunds",
      fault: "http=508",
      count: 2,
    });
    const { id } = await createRefundBatch(
      { source: "selection", inputs: inputsFromSelection(ids, "product_issue") },
      actorFor(finance, client),
    );
    expect(await sendBatch(id)).toBe("done");
    const sent = await getRefundBatchOrThrow(id);
    expect(sent.counts).toMatchObject({ total: 6, unknown: 4, succeeded: 2 });
    expect(sent.rows.map((r) => r.outcome)).toEqual([
      "unknown",
      "unknown",
      "unknown",
      "unknown",
      "succeeded",
      "succeeded",
    ]);
    const before = await db.operation.findMany({ where: { batchId: id }, orderBy: { createdAt: "asc" } });

    // Sending the batch again sends none of them: an unknown row is the reconciler's, not the sender's.
    expect(await sendBatch(id)).toBe("done");
    expect(await heardRefunds()).toHaveLength(6);

    // Past the call's time-out: the reconciler finds two at the sandbox and sends the other two again, same reference.
    await db.$executeRaw`UPDATE operations SET last_attempt_at = now() - interval '1 hour' WHERE batch_id = ${id}::uuid`;
    expect(await sweepOperations()).toBe(4);
    const unknown = before.filter((o) => o.status === "unknown");
    expect((await Promise.all(unknown.map((o) => reconcileOperation(o.id)))).sort()).toEqual([
      "succeeded",
      "succeeded",
      "succeeded",
      "succeeded",
    ]);

    const done = await getRefundBatchOrThrow(id);
    expect(done.counts).toMatchObject({ total: 6, succeeded: 6, unknown: 0 });
    expect(await Promise.all(ids.map(refundCount))).toEqual(ids.map(() => 1));
    const after = await db.operation.findMany({ where: { batchId: id } });
    expect(after.map((o) => o.reference).sort()).toEqual(before.map((o) => o.reference).sort());
    // Each charge heard of under one reference only: the re-sends reused the row's.
    const heard = await heardRefunds();
    expect(heard).toHaveLength(8);
    const perCharge = new Map<string, Set<string>>();
    for (const h of heard) perCharge.set(h.id, (perCharge.get(h.id) ?? new Set()).add(h.reference));
    expect([...perCharge.values()].map((s) => s.size)).toEqual(ids.map(() => 1));
  }, 60_000);
});
