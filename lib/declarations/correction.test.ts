import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { actorFor } from "@/lib/platform/auth/actor";
import { resubmitSubOrder } from "./resubmit";
import { inquireDeclaration } from "./inquire";
import { orderBudget } from "./budget";
import { openId } from "./id-number";
import { client, customs, declare, ops, paid, sandboxUrl, setUpCustoms, view } from "@/test/declarations-harness";

setUpCustoms();

const as = actorFor(ops, client);
/** Customs decides a sub-order 30 minutes on (the sandbox clock); one ending -EXCEPT it rejects. */
const decided = () =>
  fetch(`${sandboxUrl()}/__sandbox/clock/advance`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ seconds: 31 * 60 }),
  });

/** A wechatpay order of CNY 200.00 split in two, its second sub-order rejected by Customs. */
async function rejectedSplit() {
  const c = await paid({ amount: 20_000, currency: "CNY", method: "wechatpay" });
  const { declaration } = await declare({
    transactionId: c.id,
    vendor: "wechatpay",
    paymentType: "Online",
    isSplit: true,
    subOrders: [
      { subOrderNo: `${c.reference}-1`, orderFee: 6000, transportFee: 1000, productFee: 5000 },
      { subOrderNo: `${c.reference}-EXCEPT`, orderFee: 12_000, transportFee: 2000, productFee: 10_000 },
    ],
  });
  await decided();
  const { declaration: d } = await inquireDeclaration(declaration.id, as);
  const rejected = d.subOrders.find((s) => s.subOrderNo.endsWith("-EXCEPT"))!;
  expect([rejected.state, rejected.customsStatus]).toEqual(["submitted", "EXCEPT"]);
  return { c, d, rejected };
}

describe("correcting a sub-order Customs rejected", () => {
  it("re-pushes it under the same number with a new fee, buyer and ID number; its old amount stops counting", async () => {
    const { c, d, rejected } = await rejectedSplit();
    expect((await orderBudget(c.reference, 20_000)).used).toBe(18_000);
    const before = customs.declareCalls;
    const after = await resubmitSubOrder(
      d.id,
      rejected.id,
      {
        subOrderNo: rejected.subOrderNo,
        orderFee: 9000,
        transportFee: 1500,
        productFee: 7500,
        buyerName: "Wang Fang",
        idNumber: "110101199003071234",
      },
      as,
    );
    expect(customs.declareCalls - before).toBe(1);
    const again = after.subOrders.find((s) => s.id === rejected.id)!;
    expect([again.state, again.customsStatus, again.orderFee, again.declareNumber]).toEqual([
      "submitted",
      "SUBMITTED",
      9000,
      rejected.declareNumber,
    ]);
    expect(after.subOrders).toHaveLength(2); // the same sub-order, not a second one
    expect([after.buyerName, after.idNumberMasked]).toEqual(["Wang Fang", "**************1234"]);
    const row = await view(d.id);
    expect(openId(d.id, row.idNumberSealed!)).toBe("110101199003071234");
    // Customs holds the first sub-order's 60.00 and the corrected 90.00; the rejected 120.00 is gone.
    expect(await orderBudget(c.reference, 20_000)).toMatchObject({ used: 15_000, count: 2 });
    const sent = (await (await fetch(`${sandboxUrl()}/__sandbox/requests?path=/chinacustoms/declare`)).json()) as {
      body: Record<string, string>;
    }[];
    expect(sent.at(-1)?.body).toMatchObject({
      sub_order_no: rejected.subOrderNo,
      order_fee: "9000",
      transport_fee: "1500",
      product_fee: "7500",
      buyer_name: "Wang Fang",
    });
  });

  it("refuses a correction that does not fit what Customs still holds, before sending it", async () => {
    const { d, rejected } = await rejectedSplit();
    const before = customs.declareCalls;
    // 60.00 held besides it: 140.01 would make 200.01 of 200.00.
    await expect(
      resubmitSubOrder(
        d.id,
        rejected.id,
        { subOrderNo: rejected.subOrderNo, orderFee: 14_001, transportFee: 1, productFee: 14_000 },
        as,
      ),
    ).rejects.toMatchObject({ name: "Invalid", message: expect.stringContaining("CN¥200.01") });
    // Under a new number the rejected one still counts at Customs (spec-only): 60 + 120 + 30 > 200.
    await expect(
      resubmitSubOrder(
        d.id,
        rejected.id,
        { subOrderNo: `${rejected.subOrderNo}-2`, orderFee: 3000, transportFee: 0, productFee: 3000 },
        as,
      ),
    ).rejects.toMatchObject({ name: "Invalid", rule: "exceeds_cny_amount" });
    expect(customs.declareCalls).toBe(before);
    expect((await view(d.id)).subOrders.map((s) => s.state)).toEqual(["submitted", "submitted"]);
  });

  it("refuses what the vendor cannot take: an ID type for wechatpay, fees that do not add up", async () => {
    const { d, rejected } = await rejectedSplit();
    const before = customs.declareCalls;
    await expect(
      resubmitSubOrder(d.id, rejected.id, { subOrderNo: rejected.subOrderNo, idType: "03" }, as),
    ).rejects.toMatchObject({ name: "Invalid", rule: "id_type_upop_only" });
    await expect(
      resubmitSubOrder(
        d.id,
        rejected.id,
        { subOrderNo: rejected.subOrderNo, orderFee: 5000, transportFee: 1000, productFee: 3000 },
        as,
      ),
    ).rejects.toMatchObject({ name: "Invalid" });
    expect(customs.declareCalls).toBe(before);
  });

  // The review's finding: the payment type is the declaration's, so correcting one sub-order
  // with another payment type changed it for the sub-order Customs had accepted, whose every
  // later inquiry then carried it. The form sends it pre-filled: the same value is no change.
  it("refuses another payment type while Customs holds another sub-order; the same one is no change", async () => {
    const { d, rejected } = await rejectedSplit();
    const before = customs.declareCalls;
    await expect(
      resubmitSubOrder(d.id, rejected.id, { subOrderNo: rejected.subOrderNo, paymentType: "Hosted" }, as),
    ).rejects.toMatchObject({ name: "Invalid", rule: "payment_type_shared" });
    expect(customs.declareCalls).toBe(before);
    expect((await view(d.id)).paymentType).toBe("Online");
    const after = await resubmitSubOrder(
      d.id,
      rejected.id,
      { subOrderNo: rejected.subOrderNo, paymentType: "Online", orderFee: 9000, transportFee: 1500, productFee: 7500 },
      as,
    );
    expect(after.paymentType).toBe("Online");
    expect(customs.declareCalls - before).toBe(1);
  });

  it("still refuses the same number for a sub-order Customs accepted (it would be declared twice)", async () => {
    const { d } = await rejectedSplit();
    const accepted = d.subOrders.find((s) => s.customsStatus === "SUCCESS")!;
    await expect(
      resubmitSubOrder(d.id, accepted.id, { subOrderNo: accepted.subOrderNo, orderFee: 5000 }, as),
    ).rejects.toMatchObject({ name: "Conflict", rule: "already_declared" });
  });

  it("refuses a payment type upop does not take, and corrects a upop buyer's ID type", async () => {
    const c = await paid({ amount: 8800, currency: "CNY", method: "upop" });
    const { declaration } = await declare({
      transactionId: c.id,
      vendor: "upop",
      paymentType: "Online",
      upop: { buyerName: "Li Lei", idNumber: "000000" },
    });
    const sub = (await view(declaration.id)).subOrders[0]!;
    await db.customsSubOrder.update({ where: { id: sub.id }, data: { customsStatus: "FAIL" } });
    await expect(
      resubmitSubOrder(declaration.id, sub.id, { subOrderNo: sub.subOrderNo, paymentType: "InStore" }, as),
    ).rejects.toMatchObject({ name: "Invalid", rule: "payment_type_not_for_vendor" });
    expect((await view(declaration.id)).subOrders[0]!.identityCheck).toBe("FAIL");
    const after = await resubmitSubOrder(
      declaration.id,
      sub.id,
      { subOrderNo: sub.subOrderNo, idType: "03", idNumber: "E12345678" },
      as,
    );
    expect([after.idType, after.subOrders[0]!.identityCheck, after.subOrders[0]!.customsStatus]).toEqual([
      "03",
      "PASS",
      "SUBMITTED",
    ]);
  });
});
