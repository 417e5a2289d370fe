import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { actorFor, type StaffUser } from "@/lib/platform/auth/actor";
import { charge, client, finance, freshEachTest, setUpSandbox } from "@/test/operations-harness";
import { createRefundBatch } from "./create";
import { inputsFromSelection } from "./preview";
import { getRefundBatchOrThrow, pageRefundBatches } from "./view";
import { BATCH_STATUSES } from "./search-params";
import { BATCH_ROWS_PAGE } from "./view-types";
import { userRowOf } from "@/test/staff";

// A batch page and the batches list read a page at a time: a 10,000-row batch once showed its
// first 500 rows and the list its newest 50 batches, with nothing saying more were there.

setUpSandbox();
freshEachTest();
const people: StaffUser[] = [finance];
beforeEach(async () => {
  await db.refundBatch.deleteMany();
  for (const p of people)
    await db.user.upsert({ where: { id: p.id }, create: { ...userRowOf(p), passwordHash: "not-a-hash" }, update: {} });
});

/** A batch of `n` rows: one real charge, then charges nobody has (stored as skipped); nothing is sent. */
async function skippedBatch(n: number) {
  const nobody = Array.from({ length: n - 1 }, (_, i) => `nobody-${i}-${Math.random().toString(36).slice(2, 8)}`);
  const ids = [await charge({ amount: 1_000, capture: 1_000 }), ...nobody];
  return createRefundBatch(
    { source: "selection", inputs: inputsFromSelection(ids, "other", "paging"), skipProblems: true },
    actorFor(finance, client),
  );
}

describe("reading a batch a page at a time", () => {
  it("pages through every row of a batch longer than a page, and says when more follow", async () => {
    const { id } = await skippedBatch(BATCH_ROWS_PAGE + 20);
    const first = await getRefundBatchOrThrow(id);
    expect(first.counts.total).toBe(BATCH_ROWS_PAGE + 20);
    expect(first.rows).toHaveLength(BATCH_ROWS_PAGE);
    expect(first).toMatchObject({ rowsAfter: 0, moreRows: true });
    const last = first.rows.at(-1)!.index;
    const second = await getRefundBatchOrThrow(id, last);
    expect(second.rows).toHaveLength(20);
    expect(second).toMatchObject({ rowsAfter: last, moreRows: false });
    expect(new Set([...first.rows, ...second.rows].map((r) => r.index)).size).toBe(BATCH_ROWS_PAGE + 20);
  });

  it("lists batches newest first, a page at a time, older ones after the last shown, in one status or all", async () => {
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push((await skippedBatch(1)).id);
    const first = await pageRefundBatches({ limit: 2 });
    expect(first.batches.map((b) => b.id)).toEqual([made[4], made[3]]);
    expect(first).toMatchObject({ older: false, nextCursor: expect.any(String) });
    const second = await pageRefundBatches({ limit: 2, cursor: first.nextCursor! });
    expect(second.batches.map((b) => b.id)).toEqual([made[2], made[1]]);
    const third = await pageRefundBatches({ limit: 2, cursor: second.nextCursor! });
    expect(third).toMatchObject({ older: true, nextCursor: null });
    expect(third.batches.map((b) => b.id)).toEqual([made[0]]);
    const status = first.batches[0]!.status;
    const other = BATCH_STATUSES.find((s) => s !== status)!;
    expect((await pageRefundBatches({ limit: 50, status })).batches.map((b) => b.id)).toContain(made[4]);
    expect((await pageRefundBatches({ limit: 50, status: other })).batches.map((b) => b.id)).not.toContain(made[4]);
  });
});
