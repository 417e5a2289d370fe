import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { actorFor } from "@/lib/platform/auth/actor";
import { requestCancel, requestCapture, requestRefund } from "./request";
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
  next,
  refundCount,
  upi,
  setUpSandbox,
} from "@/test/operations-harness";

setUpSandbox();
freshEachTest();

describe("capture, refund, cancel", () => {
  it("captures part of an authorization, refunds part of it, and keeps the ledger and audit in step", async () => {
    const id = await charge({ amount: 10_000 });
    const cap = await requestCapture(id, { amount: 6000 }, key(), actorFor(finance, client));
    expect(cap.operation).toMatchObject({ status: "succeeded", amount: 6000, kind: "capture" });
    const ref = await requestRefund(
      id,
      { amount: 2500, reason: "consumer_requested" },
      key(),
      actorFor(finance, client),
    );
    expect(ref.operation).toMatchObject({ status: "succeeded", amount: 2500, message: "Refund of $25.00 succeeded." });

    const row = await db.ledgerTransaction.findUniqueOrThrow({ where: { id } });
    expect([row.status, Number(row.amountCaptured), Number(row.amountRefunded)]).toEqual(["succeeded", 6000, 2500]);
    expect(await operationRoom(id)).toEqual({ capture: 0, refund: 3500 });
    const refund = (await upi("GET", `/v1/transactions/${id}`)).refunds;
    expect((Array.isArray(refund) ? refund : refund.data)[0]).toMatchObject({
      reference: ref.operation.reference,
      amount: 2500,
      note: "Consumer requested",
    });
    expect(
      (await auditRows("refund.request", id)).map((a) => [
        a.result,
        a.actorEmail,
        Number(a.amount),
        a.currency,
        a.reason,
        a.ip,
      ]),
    ).toEqual([["ok", "fin@example.com", 2500, "USD", "Consumer requested", "127.0.0.1"]]);
    expect((await auditRows("refund.outcome", id)).map((a) => a.result)).toEqual(["succeeded"]);
  });

  it("cancels an open authorization, and refuses to cancel one with a capture", async () => {
    const open = await charge();
    expect((await requestCancel(open, {}, key(), actorFor(finance, client))).operation).toMatchObject({
      status: "succeeded",
      amount: 10_000,
    });
    // The service answers the cancel with the charge's own id: the row stays the charge, canceled,
    // with the cancel on its timeline (it used to become a "cancel" whose parent was itself).
    const row = await db.ledgerTransaction.findUniqueOrThrow({ where: { id: open } });
    expect(row).toMatchObject({ type: "charge", status: "canceled", parentId: null, amount: 10_000n });
    const events = await db.ledgerEvent.findMany({ where: { transactionId: open } });
    // Once on its timeline: the cancel's answer and the charge's refresh are one event.
    expect(events.filter((e) => /Cancel of .* succeeded/.test(e.summary))).toHaveLength(1);
    // Even when the charge cannot be inquired right after, the row is never turned into its cancel.
    const other = await charge();
    await control("POST", "/__sandbox/faults", {
      fault: "error=5100",
      method: "GET",
      path_prefix: "/v1/transactions",
      count: 1,
    });
    await requestCancel(other, {}, key(), actorFor(finance, client));
    expect(await db.ledgerTransaction.findUniqueOrThrow({ where: { id: other } })).toMatchObject({
      type: "charge",
      parentId: null,
    });
    const captured = await charge({ capture: 4000 });
    await expect(requestCancel(captured, {}, key(), actorFor(finance, client))).rejects.toMatchObject({
      name: "Conflict",
      rule: "authorization_not_open",
    });
    expect((await auditRows("cancel.request", open)).map((a) => a.result)).toEqual(["ok"]);
    expect((await auditRows("cancel.request", captured)).map((a) => a.result)).toEqual(["conflict"]);
  });

  it("gives the same operation for the same key, and 422 for the same key with other parameters", async () => {
    const id = await charge({ capture: 10_000 });
    const k = key();
    const first = await requestRefund(id, { amount: 1000, reason: "product_issue" }, k, actorFor(finance, client));
    const again = await requestRefund(id, { amount: 1000, reason: "product_issue" }, k, actorFor(finance, client));
    expect(again).toMatchObject({ replayed: true, operation: { id: first.operation.id, status: "succeeded" } });
    await expect(
      requestRefund(id, { amount: 2000, reason: "product_issue" }, k, actorFor(finance, client)),
    ).rejects.toMatchObject({ name: "Invalid", rule: "idempotency_key_reused" });
    expect(await refundCount(id)).toBe(1);
  });

  it("scopes the key to its user: another user's same key is a new operation, never a look at theirs", async () => {
    const id = await charge({ capture: 10_000 });
    const k = key();
    const mine = await requestRefund(id, { amount: 1000, reason: "product_issue" }, k, actorFor(finance, client));
    const theirs = await requestRefund(id, { amount: 1000, reason: "product_issue" }, k, actorFor(finance2, client));
    expect(theirs.replayed).toBe(false);
    expect(theirs.operation.id).not.toBe(mine.operation.id);
    expect(theirs.operation.requestedBy).toBe(finance2.email);
    expect(await refundCount(id)).toBe(2);
  });

  it("turns a double submit into one refund", async () => {
    const id = await charge({ capture: 10_000 });
    const k = key();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => requestRefund(id, { reason: "fraud" }, k, actorFor(finance, client))),
    );
    expect(new Set(results.map((r) => r.operation.id)).size).toBe(1);
    expect(await refundCount(id)).toBe(1);
  });

  it("lets one of two people refunding the rest at once succeed and tells the other why not", async () => {
    const id = await charge({ capture: 10_000 });
    const settled = await Promise.allSettled([
      requestRefund(id, { amount: 10_000, reason: "consumer_requested" }, key(), actorFor(finance, client)),
      requestRefund(id, { amount: 10_000, reason: "consumer_requested" }, key(), actorFor(finance2, client)),
    ]);
    const ok = settled.filter((s) => s.status === "fulfilled");
    const refused = settled.filter((s) => s.status === "rejected") as PromiseRejectedResult[];
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.reason).toMatchObject({
      name: "Conflict",
      rule: "refund_exceeds_remaining",
      message: expect.stringMatching(/Nothing is left to refund/),
    });
    expect(await refundCount(id)).toBe(1);
  });

  it("tells a refund of a charge only authorized to capture it first", async () => {
    const id = await charge({ amount: 6_800 });
    await expect(
      requestRefund(id, { reason: "consumer_requested" }, key(), actorFor(finance, client)),
    ).rejects.toMatchObject({ name: "Conflict", rule: "refund_before_capture", message: /Capture it first/ });
  });

  it("refuses in the database what the amount rules forbid, whatever the code path", async () => {
    const id = await charge({ capture: 5000 });
    const insert = (amount: number) =>
      db.$executeRaw`INSERT INTO operations (id, kind, transaction_id, reference, idempotency_key, request_hash, amount, currency, status, requested_by_id, requested_by_email, updated_at)
        VALUES (gen_random_uuid(), 'refund', ${id}, ${`r-${next()}`}, ${key()}, 'x', ${amount}, 'USD', 'pending', ${finance.id}::uuid, 'x', now())`;
    await insert(3000);
    await expect(insert(2001)).rejects.toThrow(/operation_exceeds_room/);
    await insert(2000);
  });

  it("multi-captures a klarna authorization up to its last capture", async () => {
    const id = await charge({ method: "klarna", amount: 9000 });
    const one = await requestCapture(
      id,
      { amount: 3000, multiCapture: true, shipping: { vendor: "DHL", tracking: "JD0001" } },
      key(),
      actorFor(finance, client),
    );
    expect(one.operation.status).toBe("succeeded");
    expect((await db.ledgerTransaction.findUniqueOrThrow({ where: { id } })).status).toBe("authorized");
    expect((await operationRoom(id)).capture).toBe(6000);
    await requestCapture(id, { amount: 2000, multiCapture: true }, key(), actorFor(finance, client));
    const last = await requestCapture(id, { amount: 4000, lastCapture: true }, key(), actorFor(finance, client));
    expect(last.operation).toMatchObject({ status: "succeeded", lastCapture: true });
    const row = await db.ledgerTransaction.findUniqueOrThrow({ where: { id } });
    expect([row.status, Number(row.amountCaptured)]).toEqual(["succeeded", 9000]);
    await expect(requestCapture(id, { amount: 1 }, key(), actorFor(finance, client))).rejects.toMatchObject({
      name: "Conflict",
      rule: "capture_exceeds_remaining",
    });
    const card = await charge();
    await expect(
      requestCapture(card, { amount: 1, multiCapture: true }, key(), actorFor(finance, client)),
    ).rejects.toMatchObject({ name: "Invalid" });
  });
});
