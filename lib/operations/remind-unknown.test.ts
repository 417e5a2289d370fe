import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { ledgerRow } from "@/test/factories";
import { eventsOf, ids, onlyNewPeople, person } from "@/test/notified";
import { remindUnknownOperations } from "./remind-unknown";

// Issue 35: an operation still unknown ten minutes after it was asked for tells finance and
// its requester, once per operation, whatever the sweeps; one settled meanwhile tells no one.

const MIN = 60_000;
async function unknownOp(requestedById: string, minutesAgo: number) {
  const row = await db.ledgerTransaction.create({ data: ledgerRow({ amountCaptured: 999n }) });
  return db.operation.create({
    data: {
      kind: "refund",
      transactionId: row.id,
      reference: `rfd_${randomUUID().slice(0, 8)}`,
      idempotencyKey: randomUUID(),
      requestHash: "h",
      amount: 500n,
      currency: "USD",
      status: "unknown",
      requestedById,
      requestedByEmail: "req@example.com",
      createdAt: new Date(Date.now() - minutesAgo * MIN),
    },
  });
}

beforeEach(async () => {
  await db.notificationEvent.deleteMany();
  await db.operation.updateMany({ where: { status: "unknown" }, data: { status: "failed" } });
  await onlyNewPeople("finance", "manager");
});

describe("an operation whose outcome stays unknown", () => {
  it("after ten minutes: finance and its requester, once per operation", async () => {
    const [f1, f2, requester] = [await person("finance"), await person("finance"), await person("manager")];
    const young = await unknownOp(requester.id, 5);
    const old = await unknownOp(requester.id, 11);
    expect(await remindUnknownOperations()).toBe(1);
    expect(await remindUnknownOperations()).toBe(0);
    expect(await eventsOf("operationUnknown")).toEqual([
      {
        params: {
          operation: "refund",
          reference: old.reference,
          amountMinor: 500,
          currency: "USD",
          charge: old.transactionId,
        },
        link: `/transactions/${old.transactionId}`,
        to: ids(f1, f2, requester),
      },
    ]);
    // Five minutes on, the young one is due too: told once.
    expect(await remindUnknownOperations(Date.now() + 6 * MIN)).toBe(1);
    expect((await eventsOf("operationUnknown")).map((e) => e.params.reference)).toEqual([
      old.reference,
      young.reference,
    ]);
  });

  it("settled before the sweep reaches it: no one is told", async () => {
    const requester = await person("finance");
    const op = await unknownOp(requester.id, 11);
    await db.operation.update({ where: { id: op.id }, data: { status: "succeeded" } });
    expect(await remindUnknownOperations()).toBe(0);
    expect(await db.notificationEvent.count()).toBe(0);
  });
});
