import { describe, expect, it } from "vitest";
import { Conflict } from "@/lib/platform/errors";
import { actorFor } from "@/lib/platform/auth/actor";
import { resubmitSubOrder } from "./resubmit";
import { inquireDeclaration } from "./inquire";
import {
  aMinuteOn,
  client,
  customs,
  declare,
  fault,
  ops,
  paid,
  sandboxUrl,
  setUpCustoms,
  view,
} from "@/test/declarations-harness";

setUpCustoms();

describe("declarations against the sandbox", () => {
  it("corrects a wrong sub-order number by resubmission with spec fields, keeps the history, and counts the corrected one as Customs does", async () => {
    const c = await paid({ amount: 20_000, currency: "CNY", method: "alipay" });
    const { declaration } = await declare({
      transactionId: c.id,
      vendor: "alipay",
      paymentType: "Online",
      isSplit: true,
      subOrders: [{ subOrderNo: `${c.reference}-wrong`, orderFee: 8000 }],
    });
    const wrong = (await view(declaration.id)).subOrders[0]!;
    await resubmitSubOrder(declaration.id, wrong.id, { subOrderNo: `${c.reference}-right` }, actorFor(ops, client));
    const d = await view(declaration.id);
    expect(d.subOrders.map((s) => [s.subOrderNo.split("-").at(-1), s.state])).toEqual([
      ["wrong", "corrected"],
      ["right", "submitted"],
    ]);
    expect(d.subOrders[1]!.correctsId).toBe(wrong.id);
    // Customs still holds the wrong one's 80.00 and the right one's 80.00: 40.00 is left, so
    // a third sub-order of 50.00 is refused before it is sent, naming what is left.
    const right = d.subOrders[1]!;
    const before = customs.declareCalls;
    await expect(
      resubmitSubOrder(
        declaration.id,
        right.id,
        { subOrderNo: `${c.reference}-again`, orderFee: 5000 },
        actorFor(ops, client),
      ),
    ).rejects.toMatchObject({
      name: "Invalid",
      rule: "exceeds_cny_amount",
      message: expect.stringContaining("CN¥40.00 is left of its CN¥200.00"),
    });
    expect(customs.declareCalls).toBe(before);
    await fetch(`${sandboxUrl()}/__sandbox/clock/advance`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ seconds: 31 * 60 }),
    });
    const { declaration: after } = await inquireDeclaration(declaration.id, actorFor(ops, client));
    expect(after.subOrders.find((s) => s.state === "submitted")?.customsStatus).toBe("SUCCESS");
  });

  it("refuses a correction whose total Customs would refuse (B3), before sending it", async () => {
    const c = await paid({ amount: 20_000, currency: "CNY", method: "alipay" });
    const { declaration } = await declare({
      transactionId: c.id,
      vendor: "alipay",
      paymentType: "Online",
      isSplit: true,
      subOrders: [{ subOrderNo: `${c.reference}-wrong`, orderFee: 20_000 }],
    });
    const wrong = (await view(declaration.id)).subOrders[0]!;
    const before = customs.declareCalls;
    await expect(
      resubmitSubOrder(declaration.id, wrong.id, { subOrderNo: `${c.reference}-right` }, actorFor(ops, client)),
    ).rejects.toMatchObject({
      name: "Invalid",
      rule: "exceeds_cny_amount",
      message: expect.stringContaining("CN¥0.00 is left of its CN¥200.00"),
    });
    expect(customs.declareCalls).toBe(before);
    expect((await view(declaration.id)).subOrders.map((s) => s.state)).toEqual(["submitted"]);
  });
});

describe("declaring an order once", () => {
  it("takes a non-JSON gateway answer as unknown, and a resubmit inquires instead of declaring twice", async () => {
    const c = await paid({ amount: 7000, currency: "CNY", method: "alipay" });
    customs.htmlAfterNextDeclare = true;
    const before = customs.declareCalls;
    const { declaration } = await declare({ transactionId: c.id, vendor: "alipay", paymentType: "Online" });
    const sub = (await view(declaration.id)).subOrders[0]!;
    expect([sub.state, customs.declareCalls - before]).toEqual(["unknown", 1]);
    await aMinuteOn(sub.id);
    await expect(
      resubmitSubOrder(declaration.id, sub.id, { subOrderNo: sub.subOrderNo }, actorFor(ops, client)),
    ).rejects.toMatchObject({
      name: "Conflict",
      rule: "already_declared",
      message: expect.stringContaining("nothing was sent again"),
    });
    expect(customs.declareCalls - before).toBe(1);
    expect((await view(declaration.id)).subOrders.map((s) => s.state)).toEqual(["submitted"]);
  });

  it("sends an unknown sub-order again only once the inquiry shows Customs never got it", async () => {
    const c = await paid({ amount: 8000, currency: "CNY", method: "alipay" });
    await fault("error=5100"); // not applied, HTTP 500
    const before = customs.declareCalls;
    const { declaration } = await declare({ transactionId: c.id, vendor: "alipay", paymentType: "Online" });
    const sub = (await view(declaration.id)).subOrders[0]!;
    expect(sub.state).toBe("unknown");
    await aMinuteOn(sub.id);
    const after = await resubmitSubOrder(declaration.id, sub.id, { subOrderNo: sub.subOrderNo }, actorFor(ops, client));
    expect(after.subOrders.map((s) => s.state)).toEqual(["submitted"]);
    expect(customs.declareCalls - before).toBe(2);
  });

  it("refuses to settle an unknown sub-order within a minute: Customs may not show it yet", async () => {
    const c = await paid({ amount: 8200, currency: "CNY", method: "alipay" });
    await fault("error-after=5100"); // applied at Customs, then HTTP 500: an early B2 would be wrong
    const before = customs.declareCalls;
    const { declaration } = await declare({ transactionId: c.id, vendor: "alipay", paymentType: "Online" });
    const sub = (await view(declaration.id)).subOrders[0]!;
    expect(sub.state).toBe("unknown");
    await expect(
      resubmitSubOrder(declaration.id, sub.id, { subOrderNo: sub.subOrderNo }, actorFor(ops, client)),
    ).rejects.toMatchObject({
      name: "Conflict",
      rule: "still_settling",
      message: expect.stringContaining("still being checked"),
    });
    expect(customs.declareCalls - before).toBe(1);
    expect((await view(declaration.id)).subOrders.map((s) => s.state)).toEqual(["unknown"]);
  });

  it("refuses to send a submitted sub-order again under the same number (alipay amounts add up)", async () => {
    const c = await paid({ amount: 8400, currency: "CNY", method: "alipay" });
    const { declaration } = await declare({ transactionId: c.id, vendor: "alipay", paymentType: "Online" });
    const sub = (await view(declaration.id)).subOrders[0]!;
    expect(sub.state).toBe("submitted");
    const before = customs.declareCalls;
    await expect(
      resubmitSubOrder(declaration.id, sub.id, { subOrderNo: sub.subOrderNo }, actorFor(ops, client)),
    ).rejects.toMatchObject({ name: "Conflict", rule: "already_declared" });
    expect(customs.declareCalls).toBe(before);
  });

  it("sends an unknown sub-order once when two resubmits race, however late the second inquiry answers", async () => {
    const c = await paid({ amount: 8500, currency: "CNY", method: "alipay" });
    await fault("error=5100"); // not applied, HTTP 500: unknown, and Customs has no record (B2)
    const { declaration } = await declare({ transactionId: c.id, vendor: "alipay", paymentType: "Online" });
    const sub = (await view(declaration.id)).subOrders[0]!;
    await aMinuteOn(sub.id);
    // Both resubmits read "unknown" and inquire; the second one's "no record" arrives after
    // the first has already settled the sub-order and sent it again.
    customs.slowInquiriesAfterFirst = 500;
    const before = customs.declareCalls;
    const outcomes = await Promise.all(
      [0, 1].map(() =>
        resubmitSubOrder(declaration.id, sub.id, { subOrderNo: sub.subOrderNo }, actorFor(ops, client)).then(
          () => "ok",
          (e) => (e instanceof Conflict ? "conflict" : String(e)),
        ),
      ),
    );
    expect(customs.declareCalls - before).toBe(1);
    expect(outcomes.sort()).toEqual(["conflict", "ok"]);
    expect((await view(declaration.id)).subOrders.map((s) => s.state)).toEqual(["submitted"]);
  });
});
