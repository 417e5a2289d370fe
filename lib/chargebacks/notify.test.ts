import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { db, pool } from "@/lib/platform/db";
import { eventsOf, ids, onlyNewPeople, person } from "@/test/notified";
import { applyChargebackStatus, type ChargebackInput } from "@/lib/ledger/chargebacks";

// Issue 35: a chargeback that opens or moves tells the managers and its owner, one that no
// charge is known for tells the managers; written by the transaction that records it.

const input = (id: string, status: string, chargeId: string | null): ChargebackInput => ({
  id,
  chargeId,
  reference: "ORD-9",
  amount: 4200n,
  currency: "USD",
  status,
  at: new Date(),
  openedAt: null,
  source: "webhook",
});

async function record(c: ChargebackInput, fail = false) {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    await applyChargebackStatus((text, params) => client.query(text, params).then((r) => r.rows), c);
    if (fail) throw new Error("the cause failed");
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK");
    if (!fail) throw error;
  } finally {
    client.release();
  }
}

beforeEach(async () => {
  await db.notificationEvent.deleteMany();
  await onlyNewPeople("manager", "finance");
});

describe("chargeback events", () => {
  it("opened, then moved: the managers and the case owner, once per status", async () => {
    const [a, b, owner] = [await person("manager"), await person("manager"), await person("finance")];
    const id = `cb_${randomUUID().slice(0, 8)}`;
    await record(input(id, "Notification of Claim", "ch_1"));
    expect(await eventsOf("chargebackOpened")).toEqual([
      {
        params: { chargeback: id, amountMinor: 4200, currency: "USD", status: "Notification of Claim" },
        link: `/chargebacks/${id}`,
        to: ids(a, b),
      },
    ]);
    expect(await eventsOf("chargebackUntied")).toEqual([]);
    await db.chargeback.update({ where: { id }, data: { ownerId: owner.id } });
    await record(input(id, "Request For Information", "ch_1"));
    await record(input(id, "Request For Information", "ch_1"));
    const moved = await eventsOf("chargebackMoved");
    expect(moved).toHaveLength(1);
    expect(moved[0]!.to).toEqual(ids(a, b, owner));
  });

  it("a notification naming no known charge: the managers are told it is not yet tied", async () => {
    const m = await person("manager");
    const id = `cb_${randomUUID().slice(0, 8)}`;
    await record(input(id, "Notification of Claim", null));
    expect(await eventsOf("chargebackUntied")).toEqual([
      {
        params: { chargeback: id, amountMinor: 4200, currency: "USD", reference: "ORD-9" },
        link: `/chargebacks/${id}`,
        to: [m.id],
      },
    ]);
  });

  it("recorded by an inquiry (on a Prisma transaction, as lib/ledger/record.ts does): the same event", async () => {
    const m = await person("manager");
    const id = `cb_${randomUUID().slice(0, 8)}`;
    await db.$transaction(async (tx) =>
      applyChargebackStatus((text, params) => tx.$queryRawUnsafe(text, ...params), {
        ...input(id, "Notification of Claim", "ch_2"),
        source: "inquiry",
      }),
    );
    expect((await eventsOf("chargebackOpened")).map((e) => [e.params.chargeback, e.to])).toEqual([[id, [m.id]]]);
  });

  it("a rolled-back recording writes no event", async () => {
    await person("manager");
    await record(input(`cb_${randomUUID().slice(0, 8)}`, "Notification of Claim", null), true);
    expect(await db.notificationEvent.count()).toBe(0);
  });
});
