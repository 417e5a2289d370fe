import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { actorFor } from "@/lib/platform/auth/actor";
import { inquireDeclaration } from "./inquire";
import { followSubOrders } from "./follow";
import { client, declare, fault, ops, paid, sandboxUrl, setUpCustoms, view } from "@/test/declarations-harness";

setUpCustoms();

describe("declarations against the sandbox", () => {
  it("follows a live sub-order with back-off until Customs gives a final status", async () => {
    const c = await paid({ amount: 4000, currency: "CNY", method: "alipay" });
    const { declaration } = await declare({ transactionId: c.id, vendor: "alipay", paymentType: "Online" });
    const sub = (await view(declaration.id)).subOrders[0]!;
    // First check a minute after submission, not at once.
    expect(sub.nextCheckAt!.getTime() - sub.submittedAt!.getTime()).toBeGreaterThanOrEqual(59_000);
    const due = () =>
      db.customsSubOrder.update({ where: { id: sub.id }, data: { nextCheckAt: new Date(Date.now() - 1000) } });
    await due();
    await fetch(`${sandboxUrl()}/__sandbox/clock/advance`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ seconds: 11 * 60 }),
    });
    await followSubOrders();
    let s = (await view(declaration.id)).subOrders[0]!;
    expect([s.customsStatus, s.checks, !!s.checkedAt]).toEqual(["PROCESSING", 1, true]);
    expect(s.nextCheckAt!.getTime() - s.checkedAt!.getTime()).toBeGreaterThanOrEqual(299_000); // then 5 min
    await due();
    await fetch(`${sandboxUrl()}/__sandbox/clock/advance`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ seconds: 20 * 60 }),
    });
    await followSubOrders();
    s = (await view(declaration.id)).subOrders[0]!;
    expect([s.customsStatus, s.checks, s.nextCheckAt]).toEqual(["SUCCESS", 2, null]); // final: no more checks
  });
});

describe("declaring an order once", () => {
  it("takes a 5xx answer to a declaration as unknown, and the inquiry settles it", async () => {
    const c = await paid({ amount: 6000, currency: "CNY", method: "alipay" });
    await fault("error-after=5100"); // applied at Customs, then HTTP 500
    const { declaration } = await declare({ transactionId: c.id, vendor: "alipay", paymentType: "Online" });
    expect((await view(declaration.id)).subOrders.map((s) => s.state)).toEqual(["unknown"]);
    const { declaration: after } = await inquireDeclaration(declaration.id, actorFor(ops, client));
    expect(after.subOrders.map((s) => [s.state, !!s.declareNumber])).toEqual([["submitted", true]]);
  });

  it("does not let an early 'no record' (B2) inquiry mark an unknown sub-order failed", async () => {
    const c = await paid({ amount: 8300, currency: "CNY", method: "alipay" });
    await fault("error=5100"); // not applied: Customs answers B2 — but only a minute on is that a verdict
    const { declaration } = await declare({ transactionId: c.id, vendor: "alipay", paymentType: "Online" });
    const { errors, problems } = await inquireDeclaration(declaration.id, actorFor(ops, client));
    expect(errors.join(" ")).toContain("still being checked");
    // The same, with its rule, for the page to say in the reader's language.
    expect(problems).toEqual([{ subOrderNo: expect.any(String), code: "still_settling", message: errors[0] }]);
    expect((await view(declaration.id)).subOrders.map((s) => s.state)).toEqual(["unknown"]);
  });
});
