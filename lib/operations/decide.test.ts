import { describe, expect, it } from "vitest";
import { updateSettings } from "@/lib/platform/settings/service";
import { refreshTransaction } from "@/lib/ledger/service";
import { actorFor } from "@/lib/platform/auth/actor";
import { requestRefund } from "./request";
import { approveOperation, rejectOperation } from "./decide";
import { operationRoom } from "./room";
import {
  auditRows,
  charge,
  client,
  finance,
  freshEachTest,
  key,
  manager,
  next,
  refundCount,
  upi,
  setUpSandbox,
} from "@/test/operations-harness";

setUpSandbox();
freshEachTest();

describe("approvals", () => {
  it("holds a large refund for a manager, who must be someone else", async () => {
    const id = await charge({ amount: 100_000, capture: 100_000 });
    const r = await requestRefund(
      id,
      { amount: 60_000, reason: "other", note: "Goodwill" },
      key(),
      actorFor(finance, client),
    );
    expect(r.operation).toMatchObject({ status: "pending_approval", reason: "other", note: "Goodwill" });
    expect(await refundCount(id)).toBe(0);
    expect((await operationRoom(id)).refund).toBe(40_000);
    await expect(
      approveOperation(r.operation.id, { comment: "ok" }, actorFor({ ...finance, role: "manager" }, client)),
    ).rejects.toMatchObject({ name: "Forbidden" });
    const approved = await approveOperation(
      r.operation.id,
      { comment: "Checked with the customer" },
      actorFor(manager, client),
    );
    expect(approved).toMatchObject({
      status: "succeeded",
      decidedBy: "mgr@example.com",
      decisionComment: "Checked with the customer",
    });
    expect(await refundCount(id)).toBe(1);
    await expect(
      approveOperation(r.operation.id, { comment: "again" }, actorFor(manager, client)),
    ).rejects.toMatchObject({ name: "Conflict", rule: "already_decided" });
    expect((await auditRows("refund.approve", id)).map((a) => a.result)).toEqual(["denied", "ok", "conflict"]);
  });

  it("uses the percentage rule, and checks the amount again at approval", async () => {
    await updateSettings({ refundApprovalThresholds: { USD: 1_000_000 }, refundApprovalPercent: 50 }, "test");
    const id = await charge({ amount: 10_000, capture: 10_000 });
    // Exactly 50 % is not above it; a second half makes 100 % of the charge, which is.
    expect(
      (await requestRefund(id, { amount: 5000, reason: "fraud" }, key(), actorFor(finance, client))).operation.status,
    ).toBe("succeeded");
    const big = await requestRefund(id, { amount: 5000, reason: "fraud" }, key(), actorFor(finance, client));
    expect(big.operation.status).toBe("pending_approval");
    const id2 = await charge({ amount: 10_000, capture: 10_000 });
    const held = await requestRefund(id2, { amount: 6000, reason: "fraud" }, key(), actorFor(finance, client));
    expect(held.operation.status).toBe("pending_approval");
    // Money left another way meanwhile; the ledger learns of it on refresh.
    await upi("POST", "/v1/refunds", { id: id2, reference: `direct-${next()}`, amount: 5000 });
    await refreshTransaction(id2, actorFor(finance));
    await expect(
      approveOperation(held.operation.id, { comment: "fine" }, actorFor(manager, client)),
    ).rejects.toMatchObject({
      name: "Conflict",
      rule: "refund_exceeds_remaining",
      message: expect.stringContaining("Only $50.00 is left"),
    });
    const rejected = await rejectOperation(
      held.operation.id,
      { comment: "Too late, refunded directly" },
      actorFor(manager, client),
    );
    expect(rejected).toMatchObject({ status: "rejected", message: expect.stringContaining("Too late") });
    expect((await operationRoom(id2)).refund).toBe(5000);
  });
});
