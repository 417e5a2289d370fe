import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { updateSettings } from "@/lib/platform/settings/service";
import { actorFor } from "@/lib/platform/auth/actor";
import { requestCancel, requestRefund } from "./request";
import { reconcileOperation } from "./reconcile";
import { operationRoom } from "./room";
import {
  auditRows,
  charge,
  client,
  control,
  finance,
  finance2,
  freshEachTest,
  key,
  refundCount,
  setUpSandbox,
  upi,
} from "@/test/operations-harness";

setUpSandbox();
freshEachTest();

describe("unclear outcomes", () => {
  it("leaves a refund whose answer was lost unknown, then reconciles it to exactly one refund", async () => {
    await updateSettings({ upiTimeoutMs: 1000 }, "test");
    const id = await charge({ capture: 10_000 });
    await control("POST", "/__sandbox/faults", { fault: "hang-after", path_prefix: "/v1/refunds", count: 1 });
    const r = await requestRefund(id, { amount: 4000, reason: "inventory_issue" }, key(), actorFor(finance, client));
    expect(r.operation).toMatchObject({
      status: "unknown",
      message: expect.stringContaining("outcome unknown — do not retry"),
    });
    // Still held back while unknown: nobody can refund it again meanwhile.
    expect((await operationRoom(id)).refund).toBe(6000);
    expect(await reconcileOperation(r.operation.id)).toBe("succeeded");
    const op = await db.operation.findUniqueOrThrow({ where: { id: r.operation.id } });
    expect([op.status, op.ledgerApplied, op.attempts]).toEqual(["succeeded", true, 1]);
    expect(await refundCount(id)).toBe(1);
    expect(Number((await db.ledgerTransaction.findUniqueOrThrow({ where: { id } })).amountRefunded)).toBe(4000);
    expect((await auditRows("refund.outcome", id)).map((a) => a.result)).toEqual(["unknown", "succeeded"]);
  });

  it("re-sends with the same reference when the first request never arrived, and never twice", async () => {
    await updateSettings({ upiTimeoutMs: 1000 }, "test");
    const id = await charge({ capture: 10_000 });
    await control("POST", "/__sandbox/faults", { fault: "hang", path_prefix: "/v1/refunds", count: 1 });
    const r = await requestRefund(id, { amount: 1500, reason: "consumer_requested" }, key(), actorFor(finance, client));
    expect(r.operation.status).toBe("unknown");
    // Too early: the first request could still land, so nothing is re-sent.
    expect(await reconcileOperation(r.operation.id)).toBe("unknown");
    expect(await refundCount(id)).toBe(0);
    await db.operation.update({
      where: { id: r.operation.id },
      data: { lastAttemptAt: new Date(Date.now() - 60_000) },
    });
    expect(await reconcileOperation(r.operation.id)).toBe("succeeded");
    expect(await reconcileOperation(r.operation.id)).toBe("settled");
    expect(await refundCount(id)).toBe(1);
  });

  it("settles by the 4100 guard when a re-send meets the first attempt at the service", async () => {
    await updateSettings({ upiTimeoutMs: 1000 }, "test");
    const id = await charge();
    await control("POST", "/__sandbox/faults", { fault: "reset-after", path_prefix: "/v1/cancels", count: 1 });
    const r = await requestCancel(id, {}, key(), actorFor(finance, client));
    expect(r.operation.status).toBe("unknown");
    await db.operation.update({
      where: { id: r.operation.id },
      data: { lastAttemptAt: new Date(Date.now() - 60_000) },
    });
    expect(await reconcileOperation(r.operation.id)).toBe("succeeded");
  });

  // Issue 30, item 12: a 508 (4105–4107) says the provider could not hear back from the
  // gateway — the money may have moved. It was recorded failed ("Nothing was done"), freeing
  // the amount for a second refund under a new reference the service could not match.
  it.each([
    ["after the gateway moved the money", "error-after=4105", "4105"],
    ["before anything moved", "error=4106", "4106"],
  ])("leaves a 508 %s unknown, freezes the charge, and settles it with the same reference", async (_, fault, code) => {
    const id = await charge({ capture: 10_000 });
    await control("POST", "/__sandbox/faults", { fault, path_prefix: "/v1/refunds", count: 1 });
    const r = await requestRefund(id, { amount: 1000, reason: "consumer_requested" }, key(), actorFor(finance, client));
    expect(r.operation).toMatchObject({ status: "unknown", errorCode: code });
    expect(r.operation.message).not.toContain("Nothing was done");
    expect((await operationRoom(id)).refund).toBe(9000);
    // Nothing else moves this charge's money while it is unknown: not a refund, a capture or a cancel.
    for (const attempt of [
      () => requestRefund(id, { amount: 500, reason: "consumer_requested" }, key(), actorFor(finance2, client)),
      () => requestCancel(id, {}, key(), actorFor(finance2, client)),
    ])
      await expect(attempt()).rejects.toMatchObject({ name: "Conflict", rule: "charge_outcome_unknown" });
    await db.operation.update({
      where: { id: r.operation.id },
      data: { lastAttemptAt: new Date(Date.now() - 60_000) },
    });
    expect(await reconcileOperation(r.operation.id)).toBe("succeeded");
    // One refund at the service, under the operation's own reference.
    const refunds = (await upi("GET", `/v1/transactions/${id}`)).refunds as { data: { reference: string }[] };
    expect(refunds.data.map((x) => x.reference)).toEqual([r.operation.reference]);
    const after = await requestRefund(
      id,
      { amount: 500, reason: "consumer_requested" },
      key(),
      actorFor(finance2, client),
    );
    expect(after.operation.status).toBe("succeeded");
  });

  it("treats a 5xx as unknown, not failed", async () => {
    const id = await charge({ capture: 10_000 });
    await control("POST", "/__sandbox/faults", { fault: "error=5100", path_prefix: "/v1/refunds", count: 1 });
    const r = await requestRefund(id, { amount: 1000, reason: "consumer_requested" }, key(), actorFor(finance, client));
    expect(r.operation.status).toBe("unknown");
  });
});
