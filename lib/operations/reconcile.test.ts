import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { updateSettings } from "@/lib/settings/service";
import { actorFor } from "@/lib/auth/actor";
import { requestCancel, requestRefund } from "./request";
import { reconcileOperation } from "./reconcile";
import { operationRoom } from "./room";
import {
  auditRows,
  charge,
  client,
  control,
  finance,
  freshEachTest,
  key,
  refundCount,
  setUpSandbox,
} from "./test-harness";

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

  it("ends a 508 gateway error failed, with a clear message, and frees the amount", async () => {
    const id = await charge({ capture: 10_000 });
    await control("POST", "/__sandbox/faults", { fault: "error=4106", path_prefix: "/v1/refunds", count: 1 });
    const r = await requestRefund(id, { amount: 1000, reason: "consumer_requested" }, key(), actorFor(finance, client));
    expect(r.operation).toMatchObject({
      status: "failed",
      errorCode: "4106",
      message: expect.stringContaining("Gateway unavailable"),
    });
    expect(await refundCount(id)).toBe(0);
    expect((await operationRoom(id)).refund).toBe(10_000);
  });

  it("treats a 5xx as unknown, not failed", async () => {
    const id = await charge({ capture: 10_000 });
    await control("POST", "/__sandbox/faults", { fault: "error=5100", path_prefix: "/v1/refunds", count: 1 });
    const r = await requestRefund(id, { amount: 1000, reason: "consumer_requested" }, key(), actorFor(finance, client));
    expect(r.operation.status).toBe("unknown");
  });
});
