import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { updateSettings } from "@/lib/platform/settings/service";
import { actorFor } from "@/lib/platform/auth/actor";
import { importTransaction } from "@/lib/ledger/service";
import {
  charge,
  client,
  control,
  finance,
  freshEachTest,
  key,
  manager,
  setUpSandbox,
  upi,
} from "@/test/operations-harness";
import { runSlice, startRun } from "./run";

// What the provider's faults leave for a run: a notification the sandbox dropped (the charge
// moved, the console never heard), and a charge that keeps answering 5xx.

setUpSandbox();
freshEachTest();

beforeEach(async () => {
  await db.reconciliationException.deleteMany();
  await db.reconciliationRun.deleteMany();
  await control("PUT", "/__sandbox/webhooks/faults", { mode: "none" });
  await updateSettings({ reconciliationRatePerSecond: 50, reconciliationDays: 3 }, "test");
});

async function reconcile() {
  const run = await startRun("manual", actorFor(manager, client));
  while ((await runSlice(run.id, 5_000)) !== "done");
  return db.reconciliationRun.findUniqueOrThrow({ where: { id: run.id } });
}

describe("a run after a dropped notification", () => {
  it("takes the capture the console never heard of into the ledger, forward-only, and records it", async () => {
    // A card charge that notifies: its capture's notification is dropped by the sandbox.
    const made = await upi("POST", "/v1/charges", {
      transaction: { reference: `order-${key()}`, amount: 8_000, currency: "USD", country: "US", auto_capture: false },
      payment: { method: "card", data: { pan: "4111111111111111", expiry: "12/30", cvv: "123" } },
      urls: { ipn: "http://127.0.0.1:9/ipn" },
    });
    await importTransaction(made.id, actorFor(finance));
    const before = await db.ledgerTransaction.findUniqueOrThrow({ where: { id: made.id } });
    await control("PUT", "/__sandbox/webhooks/faults", { mode: "drop", count: 1 });
    await upi("POST", "/v1/captures", { id: made.id, reference: `cap-${key()}`, transaction_amount: 8_000 });
    const deliveries = (await (await control("GET", "/__sandbox/webhooks")).json()) as {
      state: string;
      body: { id?: string };
    }[];
    expect(deliveries.filter((d) => d.body.id === made.id).map((d) => d.state)).toContain("dropped");

    const run = await reconcile();
    const t = await db.ledgerTransaction.findUniqueOrThrow({ where: { id: made.id } });
    expect(before.status).not.toBe(t.status);
    expect(Number(t.amountCaptured)).toBe(8_000);
    const found = await db.reconciliationException.findMany({
      where: { chargeId: made.id },
      orderBy: { subject: "asc" },
    });
    // The provider was ahead: applied at once and closed, for the record; nothing for a person.
    expect(found.every((e) => e.kind === "applied" && e.resolvedAt)).toBe(true);
    expect(found.map((e) => e.subject)).toEqual(expect.arrayContaining(["captured", "status"]));
    expect(found.find((e) => e.subject === "status")).toMatchObject({
      ledger: { status: before.status },
      provider: { status: t.status },
    });
    expect([run.exceptions, run.applied > 0]).toEqual([0, true]);
    // A second run finds the ledger right.
    const again = await reconcile();
    expect([again.exceptions, again.applied]).toEqual([0, 0]);
  });
});

describe("a charge that keeps answering 5xx", () => {
  it("is passed over after a bounded number of tries, recorded as not checked, and tried again by the next run", async () => {
    const ids = [await charge(), await charge(), await charge()];
    const bad = [...ids].sort()[1]!;
    await control("POST", "/__sandbox/faults", {
      method: "GET",
      path_prefix: `/v1/transactions/${bad}`,
      fault: "http=502",
    });
    const run = await startRun("manual");
    const results: string[] = [];
    for (let i = 0; i < 10 && results.at(-1) !== "done"; i++) results.push(await runSlice(run.id, 5_000));
    expect(results.at(-1)).toBe("done");
    // It waited at that charge (the provider may be back soon) a bounded number of times, then went on.
    expect(results.filter((r) => r === "wait").length).toBeLessThanOrEqual(3);
    const done = await db.reconciliationRun.findUniqueOrThrow({ where: { id: run.id } });
    expect(done).toMatchObject({ checked: 2, notChecked: [bad], exceptions: 0 });
    expect(done.finishedAt).not.toBeNull();

    await control("DELETE", "/__sandbox/faults");
    const next = await reconcile();
    expect(next).toMatchObject({ checked: 3, notChecked: [] });
  });

  it("an outage that answers 5xx to every charge keeps the run waiting: nothing is passed over", async () => {
    const ids = [await charge(), await charge(), await charge()];
    const [first] = [...ids].sort() as [string];
    const run = await startRun("manual");
    // The first charge is checked, then the provider answers 503 to everything.
    await db.reconciliationRun.update({ where: { id: run.id }, data: { cursor: first, checked: 1 } });
    await control("POST", "/__sandbox/faults", { method: "GET", path_prefix: "/v1/transactions/", fault: "http=503" });
    for (let i = 0; i < 6; i++) expect(await runSlice(run.id, 5_000)).toBe("wait");
    expect(await db.reconciliationRun.findUniqueOrThrow({ where: { id: run.id } })).toMatchObject({
      cursor: first,
      notChecked: [],
    });
    await control("DELETE", "/__sandbox/faults");
    while ((await runSlice(run.id, 5_000)) !== "done");
    expect(await db.reconciliationRun.findUniqueOrThrow({ where: { id: run.id } })).toMatchObject({
      checked: 3,
      notChecked: [],
    });
  });
});
