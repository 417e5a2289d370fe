import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { actorFor, type StaffUser } from "@/lib/platform/auth/actor";
import { updateSettings } from "@/lib/platform/settings/service";
import {
  charge,
  client,
  finance,
  finance2,
  freshEachTest,
  manager,
  refundCount,
  setUpSandbox,
} from "@/test/operations-harness";
import { createRefundBatch } from "./create";
import { approveRefundBatch, rejectRefundBatch } from "./decide";
import { cancelRefundBatch } from "./cancel";
import { inputsFromCsv, inputsFromSelection } from "./preview";
import { claimRow, sendBatch, sendRow } from "./send";
import { getRefundBatchOrThrow } from "./view";
import { sweepRefundBatches } from "./queue";
import { userRowOf } from "@/test/staff";

setUpSandbox();
freshEachTest();
const people: StaffUser[] = [finance, finance2, manager];
beforeEach(async () => {
  await db.refundBatch.deleteMany();
  for (const p of people)
    await db.user.upsert({
      where: { id: p.id },
      create: { ...userRowOf(p), passwordHash: "not-a-hash" },
      update: {},
    });
  await updateSettings({ refundBatchRatePerSecond: 50, refundBatchThresholds: { USD: 1_000_000 } }, "test");
});

const as = (user: StaffUser) => actorFor(user, client);
const charges = (n: number) => Promise.all(Array.from({ length: n }, () => charge({ amount: 1_000, capture: 1_000 })));

// Issue 48, item 2: three SGD charges (no approval limit for SGD: every refund waits) in a batch a
// manager approved with step-up: the batch said "Done", every row "Waiting for a manager", and
// the service got no refund.
describe("a batch a manager approved", () => {
  it("covers its rows: each refund is sent, approved by that manager, and the batch is done only when all are", async () => {
    const ids = await Promise.all([1, 2, 3].map(() => charge({ amount: 2_000, currency: "SGD", capture: 2_000 })));
    const { id } = await createRefundBatch(
      { source: "selection", inputs: inputsFromSelection(ids, "product_issue", "recall") },
      as(finance),
    );
    expect((await getRefundBatchOrThrow(id)).status).toBe("awaiting_approval");
    await approveRefundBatch(id, { comment: "recall checked" }, as(manager));
    while ((await sendBatch(id)) !== "done");
    expect(await Promise.all(ids.map(refundCount))).toEqual([1, 1, 1]);
    const ops = await db.operation.findMany({ where: { batchId: id } });
    expect(ops.map((o) => [o.status, o.decidedByEmail])).toEqual(ops.map(() => ["succeeded", manager.email]));
    expect(await getRefundBatchOrThrow(id)).toMatchObject({
      status: "done",
      counts: { total: 3, succeeded: 3, waiting: 0 },
    });
  });

  it("a batch no manager approved leaves each row over the limit to its own approval, and is not done while they wait", async () => {
    await updateSettings({ refundBatchThresholds: { USD: 1_000_000, SGD: 1_000_000 } }, "test");
    const ids = await Promise.all([1, 2].map(() => charge({ amount: 2_000, currency: "SGD", capture: 2_000 })));
    const { id } = await createRefundBatch(
      { source: "selection", inputs: inputsFromSelection(ids, "product_issue", "recall") },
      as(finance),
    );
    while ((await sendBatch(id)) !== "done");
    expect(await Promise.all(ids.map(refundCount))).toEqual([0, 0]);
    expect(await getRefundBatchOrThrow(id)).toMatchObject({ status: "sending", counts: { waiting: 2 } });
  });
});

describe("sending a refund batch", () => {
  it("refunds each row once when two workers send the same batch at the same time", async () => {
    const ids = await charges(12);
    const { id } = await createRefundBatch(
      { source: "selection", inputs: inputsFromSelection(ids, "product_issue", "recall") },
      as(finance),
    );
    expect((await db.refundBatch.findUniqueOrThrow({ where: { id } })).status).toBe("sending");
    await Promise.all([sendBatch(id), sendBatch(id)]);

    const batch = await getRefundBatchOrThrow(id);
    expect(batch).toMatchObject({ status: "done", counts: { total: 12, succeeded: 12 } });
    const ops = await db.operation.findMany({ where: { batchId: id } });
    expect(ops.map((o) => o.transactionId).sort()).toEqual([...ids].sort());
    expect(await Promise.all(ids.map(refundCount))).toEqual(ids.map(() => 1));
    expect(batch.rows.every((r) => r.refundId && r.reference?.startsWith("rfd"))).toBe(true);
    expect(await db.auditLog.count({ where: { action: "refund_batch.create", targetId: id } })).toBe(1);
  });

  it("takes back a claim its worker never finished, and asks for the same refund again, not a second one", async () => {
    const [a, b] = (await charges(2)) as [string, string];
    const { id } = await createRefundBatch(
      {
        source: "csv",
        fileName: "recall.csv",
        inputs: inputsFromCsv(`transaction,amount,reason\n${a},4.00,fraud\n${b},,fraud`),
      },
      as(finance),
    );
    const first = (await claimRow(id))!;
    // The worker sent it and died before writing the row down.
    await sendRow(first);
    await db.refundBatchRow.update({ where: { id: first.id }, data: { operationId: null, status: "sent" } });
    // A fresh claim is left alone: its worker may still be sending it.
    const next = await claimRow(id);
    expect(next).toMatchObject({ rowIndex: 2 });
    await sendRow(next!);
    expect(await claimRow(id)).toBeNull();
    const again = (await claimRow(id, 0))!;
    expect(again.rowIndex).toBe(1);
    await sendRow(again);
    await sendBatch(id);
    expect(await refundCount(a)).toBe(1);
    expect(await db.operation.count({ where: { transactionId: a } })).toBe(1);
    expect((await getRefundBatchOrThrow(id)).rows.map((r) => [r.amount, r.outcome])).toEqual([
      [400, "succeeded"],
      [1_000, "succeeded"],
    ]);
  });

  it("the same file again finds every row already refunded", async () => {
    const ids = await charges(3);
    const csv = ["transaction,amount,reason", ...ids.map((id) => `${id},2.50,fraud`)].join("\n");
    const { id } = await createRefundBatch({ source: "csv", inputs: inputsFromCsv(csv) }, as(finance));
    await sendBatch(id);
    await expect(createRefundBatch({ source: "csv", inputs: inputsFromCsv(csv) }, as(finance2))).rejects.toMatchObject({
      rule: "refund_batch_problems",
      details: { problems: 3 },
    });
  });

  it("the minute sweep starts an approved batch whose instance died before starting it", async () => {
    const ids = await charges(1);
    const { id } = await createRefundBatch(
      { source: "selection", inputs: inputsFromSelection(ids, "fraud") },
      as(finance),
    );
    await db.refundBatch.update({ where: { id }, data: { status: "approved" } });
    expect(await claimRow(id)).toBeNull();
    await sweepRefundBatches();
    expect((await db.refundBatch.findUniqueOrThrow({ where: { id } })).status).toBe("sending");
    expect(await sendBatch(id)).toBe("done");
    expect(await refundCount(ids[0]!)).toBe(1);
  });

  it("cancel stops the rows not yet sent", async () => {
    const ids = await charges(3);
    const { id } = await createRefundBatch(
      { source: "selection", inputs: inputsFromSelection(ids, "fraud") },
      as(finance),
    );
    await sendRow((await claimRow(id))!);
    expect(await cancelRefundBatch(id, as(finance))).toMatchObject({ cancelled: 2 });
    expect(await sendBatch(id)).toBe("done");
    const batch = await getRefundBatchOrThrow(id);
    expect(batch.rows.map((r) => r.outcome)).toEqual(["succeeded", "cancelled", "cancelled"]);
    expect(await Promise.all(ids.map(refundCount))).toEqual([1, 0, 0]);
    await expect(cancelRefundBatch(id, as(finance))).rejects.toMatchObject({ rule: "batch_closed" });
  });
});

describe("the batch threshold", () => {
  it("a batch split in two by two people is caught: the second waits for a manager other than its maker", async () => {
    await updateSettings({ refundBatchThresholds: { USD: 3_000 } }, "test");
    const [a, b, c, d] = await charges(4);
    const first = await createRefundBatch(
      { source: "selection", inputs: inputsFromSelection([a!, b!], "fraud") },
      as(finance),
    );
    expect((await db.refundBatch.findUniqueOrThrow({ where: { id: first.id } })).status).toBe("sending");
    const second = await createRefundBatch(
      { source: "selection", inputs: inputsFromSelection([c!, d!], "fraud") },
      as(finance2),
    );
    expect(await getRefundBatchOrThrow(second.id)).toMatchObject({ status: "awaiting_approval", needsApproval: true });
    // Nothing of it moves while it waits.
    expect(await claimRow(second.id)).toBeNull();

    await expect(
      approveRefundBatch(second.id, { comment: "mine" }, as({ ...finance2, role: "manager" })),
    ).rejects.toMatchObject({ rule: "own_request" });
    await approveRefundBatch(second.id, { comment: "recall, checked" }, as(manager));
    await sendBatch(second.id);
    expect(await getRefundBatchOrThrow(second.id)).toMatchObject({
      status: "done",
      decidedBy: manager.email,
      counts: { succeeded: 2 },
    });
    await expect(rejectRefundBatch(second.id, { comment: "late" }, as(manager))).rejects.toMatchObject({
      rule: "already_decided",
    });
    const actions = await db.auditLog.findMany({
      where: { targetId: second.id },
      orderBy: { id: "asc" },
      select: { action: true, result: true },
    });
    expect(actions).toEqual([
      { action: "refund_batch.create", result: "pending_approval" },
      { action: "refund_batch.approve", result: "denied" },
      { action: "refund_batch.approve", result: "ok" },
      { action: "refund_batch.reject", result: "conflict" },
    ]);
  });

  it("a currency without a batch threshold always waits, and a rejected batch sends nothing", async () => {
    const eur = await charge({ amount: 1_000, currency: "EUR", capture: 1_000 });
    const { id } = await createRefundBatch(
      { source: "selection", inputs: inputsFromSelection([eur], "fraud") },
      as(finance),
    );
    expect((await getRefundBatchOrThrow(id)).status).toBe("awaiting_approval");
    await rejectRefundBatch(id, { comment: "no" }, as(manager));
    expect(await getRefundBatchOrThrow(id)).toMatchObject({ status: "rejected", counts: { cancelled: 1 } });
    expect(await refundCount(eur)).toBe(0);
  });
});
