import { beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { updateSettings } from "@/lib/platform/settings/service";
import { actorFor } from "@/lib/platform/auth/actor";
import { requestRefund } from "@/lib/operations/request";
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
import { resolveException } from "./resolve";
import { pageExceptions } from "./query";

// A run against the sandbox over HTTP: the provider changed behind the console's back, the
// ledger already right, a second run, and two runs at once.

setUpSandbox();
freshEachTest();

beforeEach(async () => {
  await db.reconciliationException.deleteMany();
  await db.reconciliationRun.deleteMany();
  await db.chargeback.deleteMany();
  await updateSettings({ reconciliationRatePerSecond: 50, reconciliationDays: 3 }, "test");
});

/** A whole run, as the job would take it slice by slice. */
async function reconcile() {
  const run = await startRun("manual", actorFor(manager, client));
  while ((await runSlice(run.id, 5_000)) !== "done");
  return db.reconciliationRun.findUniqueOrThrow({ where: { id: run.id } });
}
const open = (chargeId: string) =>
  db.reconciliationException.findMany({ where: { chargeId, resolvedAt: null }, orderBy: { subject: "asc" } });

describe("a reconciliation run", () => {
  it("finds nothing on a ledger already right, the console's own refund included", async () => {
    const id = await charge({ capture: 10_000 });
    await requestRefund(id, { amount: 2500, reason: "inventory_issue" }, key(), actorFor(finance, client));
    const run = await reconcile();
    expect([run.checked, run.calls, run.exceptions, run.applied]).toEqual([1, 1, 0, 0]);
    expect(await db.reconciliationException.count({ where: { chargeId: id } })).toBe(0);
  });

  // The refresh (lib/ledger/record.ts) writes every refund an inquiry lists as a child row,
  // forward-only: the money did leave, and what is left to refund must say so. The run does
  // the same, and keeps the refund open for a person: nobody here asked for it.
  it("raises a refund made at the provider behind the console's back, and takes it into the ledger", async () => {
    const id = await charge({ capture: 10_000 });
    const made = await upi("POST", "/v1/refunds", { id, reference: `elsewhere-${key()}`, amount: 3000 });
    const run = await reconcile();
    const found = await open(id);
    expect(found.map((e) => [e.kind, e.subject])).toEqual([["unknown_refund", `refund:${made.id}`]]);
    expect(found[0]!.ledger).toEqual({ present: false });
    expect(found[0]!.provider).toMatchObject({ amount: 3000 });
    const t = await db.ledgerTransaction.findUniqueOrThrow({ where: { id } });
    expect(Number(t.amountRefunded)).toBe(3000);
    expect(await db.ledgerTransaction.count({ where: { id: made.id, parentId: id } })).toBe(1);
    // The refunded amount and the refund row were the provider being ahead: applied, closed at once.
    const applied = await db.reconciliationException.findMany({ where: { chargeId: id, kind: "applied" } });
    expect(applied.map((e) => e.subject).sort()).toEqual(["refunded"]);
    expect(applied.every((e) => e.resolvedAt)).toBe(true);
    expect([run.exceptions, run.applied]).toEqual([1, 1]);
  });

  it("raises a chargeback the console never heard of", async () => {
    const id = await charge({ capture: 10_000 });
    const res = await control("POST", "/__sandbox/chargebacks", { charge_id: id, amount: 4000 });
    const b = (await res.json()) as { id: string };
    await reconcile();
    const found = await open(id);
    expect(found.map((e) => [e.kind, e.subject])).toEqual([["unknown_chargeback", `chargeback:${b.id}`]]);
    // Joined to the chargeback tracker, as an inquiry does.
    expect(await db.chargeback.count({ where: { id: b.id, chargeId: id } })).toBe(1);
  });

  it("keeps one open exception when a later run sees it again, and notifies once per run", async () => {
    const id = await charge({ capture: 10_000 });
    await upi("POST", "/v1/refunds", { id, reference: `elsewhere-${key()}`, amount: 1000 });
    const first = await reconcile();
    const [before] = await open(id);
    const second = await reconcile();
    const after = await open(id);
    expect(after).toHaveLength(1);
    expect(after[0]!.id).toBe(before!.id);
    expect(after[0]!.firstSeenAt).toEqual(before!.firstSeenAt);
    expect(after[0]!.lastRunId).toBe(second.id);
    // The second run applied nothing: the ledger took the refund the first time.
    expect([second.exceptions, second.applied]).toEqual([1, 0]);
    const told = await db.$queryRaw<{ once_key: string }[]>`
      SELECT once_key FROM notification_events WHERE once_key IN (${`reconciliation:${first.id}`}, ${`reconciliation:${second.id}`})`;
    expect(told).toHaveLength(2);
  });

  it("resolves with a note, audited, once; and does not raise it again while the provider says the same", async () => {
    const id = await charge({ capture: 10_000 });
    await upi("POST", "/v1/refunds", { id, reference: `elsewhere-${key()}`, amount: 1000 });
    await reconcile();
    const [found] = await open(id);
    const actor = actorFor(manager, client);
    const done = await resolveException(found!.id, { note: "refunded by the call centre" }, actor);
    expect(done).toMatchObject({ resolvedBy: manager.email, resolution: "refunded by the call centre" });
    await expect(resolveException(found!.id, { note: "again" }, actor)).rejects.toMatchObject({
      rule: "exception_resolved",
    });
    const audited = await db.auditLog.findMany({ where: { action: "reconciliation.resolve", targetId: found!.id } });
    expect(audited.map((a) => [a.actorEmail, a.reason])).toEqual([[manager.email, "refunded by the call centre"]]);
    const again = await reconcile();
    expect(await open(id)).toHaveLength(0);
    expect(again.exceptions).toBe(0);
  });

  it("raises a charge the provider does not know, and goes on to the next", async () => {
    const known = await charge();
    await db.ledgerTransaction.create({
      data: {
        id: "ch_nowhere0000000001",
        type: "charge",
        reference: `nowhere-${key()}`,
        status: "authorized",
        amount: 700n,
        currency: "USD",
        timeCreated: new Date(),
        payload: {},
        source: "import",
      },
    });
    const run = await reconcile();
    expect(run.checked).toBe(2);
    expect((await open("ch_nowhere0000000001")).map((e) => [e.kind, e.subject])).toEqual([
      ["missing_at_provider", "charge"],
    ]);
    expect(await open(known)).toEqual([]);
  });

  it("lists by state, kind and currency", async () => {
    const usd = await charge({ capture: 10_000 });
    const eur = await charge({ capture: 10_000, currency: "EUR" });
    await upi("POST", "/v1/refunds", { id: usd, reference: `elsewhere-${key()}`, amount: 1000 });
    await upi("POST", "/v1/refunds", { id: eur, reference: `elsewhere-${key()}`, amount: 1000 });
    await reconcile();
    const list = async (f: Parameters<typeof pageExceptions>[0]) =>
      (await pageExceptions(f)).rows.map((e) => [e.chargeId, e.kind]);
    expect(await list({ limit: 50, state: "open", currency: "EUR" })).toEqual([[eur, "unknown_refund"]]);
    expect(await list({ limit: 50, state: "open", kind: "applied" })).toEqual([]);
    expect((await list({ limit: 50, state: "closed", kind: "applied" })).map(([c]) => c).sort()).toEqual(
      [usd, eur].sort(),
    );
    expect(await list({ limit: 50, state: "open", age: "1d" })).toEqual([]);
  });

  it("refuses a second run while one is unfinished, in the database", async () => {
    const results = await Promise.allSettled([startRun("manual"), startRun("manual")]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ rule: "reconciliation_running" });
    await expect(startRun("schedule")).rejects.toMatchObject({ rule: "reconciliation_running" });
  });

  it("Run now takes over from the daily run spread over the day; a daily run ends as soon as nothing is left", async () => {
    await charge();
    await charge();
    await updateSettings({ reconciliationRatePerSecond: 50 }, "test");
    // The daily run goes at its spread: its second charge is due hours after its first here.
    const daily = await startRun("schedule");
    expect(daily.ratePerSecond).toBeLessThan(1);
    expect(await runSlice(daily.id, 200)).toBe("more");
    const manual = await startRun("manual", actorFor(manager, client));
    expect((await db.reconciliationRun.findUniqueOrThrow({ where: { id: daily.id } })).finishedAt).not.toBeNull();
    expect(await runSlice(daily.id, 200)).toBe("done");
    while ((await runSlice(manual.id, 5_000)) !== "done");
    expect((await db.reconciliationRun.findUniqueOrThrow({ where: { id: manual.id } })).finishedAt).not.toBeNull();

    // A daily run whose charges are all checked ends at once, not at the end of its window.
    const next = await startRun("schedule");
    await db.reconciliationRun.update({ where: { id: next.id }, data: { cursor: "\uffff" } });
    expect(await runSlice(next.id, 200)).toBe("done");
  });

  it("resumes a stopped run after its cursor, checking no charge twice", async () => {
    const ids = [await charge(), await charge(), await charge()];
    // Run now: at the ceiling (a daily run is spread over the day, lib/reconciliation/pace.test.ts).
    const run = await startRun("manual");
    // A slice too short for more than one charge, as a killed instance leaves it.
    expect(await runSlice(run.id, 1)).toBe("more");
    const stopped = await db.reconciliationRun.findUniqueOrThrow({ where: { id: run.id } });
    expect(stopped.checked).toBe(1);
    while ((await runSlice(run.id, 5_000)) !== "done");
    const done = await db.reconciliationRun.findUniqueOrThrow({ where: { id: run.id } });
    expect([done.checked, done.calls]).toEqual([3, 3]);
    expect(done.cursor).toBe([...ids].sort().at(-1));
    expect(done.finishedAt).not.toBeNull();
  });
});
