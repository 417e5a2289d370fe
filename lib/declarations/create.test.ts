import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { SECRET_NAMES, writeSecret } from "@/lib/platform/secrets/store";
import { actorFor } from "@/lib/platform/auth/actor";
import { declarationSchema } from "./schemas";
import { createDeclaration } from "./create";
import { base, client, customs, declare, ops, other, paid, uid, setUpCustoms, view } from "@/test/declarations-harness";

setUpCustoms();

describe("declarations against the sandbox", () => {
  it("declares a wechatpay split order with fees, budgeted against the CNY amount from the inquiry", async () => {
    const c = await paid({ amount: 10_000, currency: "USD", method: "wechatpay" });
    const { declaration } = await declare({
      transactionId: c.id,
      vendor: "wechatpay",
      paymentType: "Online",
      isSplit: true,
      subOrders: [
        { subOrderNo: `${c.reference}-1`, orderFee: 40_000, transportFee: 2000, productFee: 38_000 },
        { subOrderNo: `${c.reference}-2`, orderFee: 31_000, transportFee: 1000, productFee: 30_000 },
      ],
    });
    expect(declaration.parentCnyFen).toBe(71_000);
    const d = await view(declaration.id);
    expect(d.subOrders.map((s) => [s.state, !!s.declareNumber, s.customsStatus, s.vendorRequest])).toEqual([
      ["submitted", true, "SUBMITTED", null],
      ["submitted", true, "SUBMITTED", null],
    ]);
    // One fen more than the budget is refused before anything is sent.
    await expect(
      declare({
        transactionId: c.id,
        vendor: "wechatpay",
        paymentType: "Online",
        isSplit: true,
        subOrders: [{ subOrderNo: "x", orderFee: 71_001, transportFee: 1, productFee: 71_000 }],
      }),
    ).rejects.toMatchObject({ name: "Invalid" });
  });

  it("declares an alipay order, keeps the vendor request and response, and refuses upop for a non-CNY payment", async () => {
    const c = await paid({ amount: 5000, currency: "EUR", method: "alipay" });
    const { declaration } = await declare({ reference: c.reference, vendor: "alipay", paymentType: "Hosted" });
    const d = await view(declaration.id);
    expect(d.subOrders[0]).toMatchObject({ subOrderNo: c.reference, state: "submitted" });
    expect(d.subOrders[0]!.vendorRequest).toBeTruthy();
    await expect(
      declare({
        reference: c.reference,
        vendor: "upop",
        paymentType: "Online",
        upop: { buyerName: "Li Lei", idNumber: "110101199003070000" },
      }),
    ).rejects.toMatchObject({ message: expect.stringContaining("only CNY") });
  });

  it("gives one declaration per sub-order on a double submit, and keeps the upop ID number sealed", async () => {
    const c = await paid({ amount: 8800, currency: "CNY", method: "upop" });
    const key = uid("key");
    const input = {
      transactionId: c.id,
      vendor: "upop",
      paymentType: "Online",
      upop: { buyerName: "Li Lei", idNumber: "110101199003071234" },
    };
    const [a, b] = await Promise.all([declare(input, key), declare(input, key)]);
    expect(a.declaration.id).toBe(b.declaration.id);
    expect(await db.customsSubOrder.count({ where: { declarationId: a.declaration.id } })).toBe(1);
    const d = await view(a.declaration.id);
    expect([d.idNumberMasked, d.subOrders[0]!.state, d.subOrders[0]!.identityCheck]).toEqual([
      "**************1234",
      "submitted",
      "PASS",
    ]);
    const dump = JSON.stringify(await db.$queryRaw`SELECT row_to_json(x)::text FROM customs_declarations x`);
    expect(dump).not.toContain("110101199003071234");
  });
});

describe("declaring an order once", () => {
  it("refuses a second declaration of an order already declared, unless the first one failed", async () => {
    const c = await paid({ amount: 9000, currency: "CNY", method: "alipay" });
    const first = await declare({ transactionId: c.id, vendor: "alipay", paymentType: "Online" });
    await expect(declare({ transactionId: c.id, vendor: "alipay", paymentType: "Online" })).rejects.toMatchObject({
      name: "Conflict",
      rule: "already_declared",
      details: { declarationId: first.declaration.id },
    });
    expect(await db.customsDeclaration.count({ where: { reference: c.reference } })).toBe(1);

    const d = await paid({ amount: 9100, currency: "CNY", method: "alipay" });
    // A definite refusal (B1, a coded answer): Customs has nothing. A refusal without a code
    // (the sandbox's generic fail envelope) is no verdict and stays unknown.
    await writeSecret(SECRET_NAMES.customsToken, "ct_wrong");
    const failed = await declare({ transactionId: d.id, vendor: "alipay", paymentType: "Online" });
    expect((await view(failed.declaration.id)).subOrders[0]!).toMatchObject({ state: "failed", errorCode: "B1" });
    await writeSecret(SECRET_NAMES.customsToken, "ct_sandbox_default");
    const again = await declare({ transactionId: d.id, vendor: "alipay", paymentType: "Online" });
    expect((await view(again.declaration.id)).subOrders[0]!.state).toBe("submitted");
  });

  it("checks the order's CNY amount against every live sub-order already declared for it, under a lock", async () => {
    const c = await paid({ amount: 10_000, currency: "CNY", method: "wechatpay" });
    const split = (vendor: string, no: string, fee: number) => ({
      transactionId: c.id,
      vendor,
      paymentType: "Online",
      isSplit: true,
      subOrders: [
        {
          subOrderNo: `${c.reference}-${no}`,
          orderFee: fee,
          ...(vendor === "wechatpay" ? { transportFee: 0, productFee: fee } : {}),
        },
      ],
    });
    await declare(split("wechatpay", "a", 6000));
    // Another declaration of the same order (another vendor): alone it fits, with the first it does not.
    const before = customs.declareCalls;
    await expect(declare(split("alipay", "b", 5000))).rejects.toMatchObject({
      name: "Invalid",
      rule: "exceeds_cny_amount",
      message: expect.stringContaining("CN¥40.00 is left of its CN¥100.00"),
    });
    expect(customs.declareCalls).toBe(before);
    // Two at once that each fit the rest but not together: one passes.
    const d = await paid({ amount: 10_000, currency: "CNY", method: "alipay" });
    const one = (vendor: string, no: string) =>
      createDeclaration(
        declarationSchema.parse({
          ...base,
          transactionId: d.id,
          vendor,
          paymentType: "Online",
          isSplit: true,
          subOrders: [
            {
              subOrderNo: `${d.reference}-${no}`,
              orderFee: 6000,
              ...(vendor === "wechatpay" ? { transportFee: 0, productFee: 6000 } : {}),
            },
          ],
        }),
        uid("key"),
        actorFor(ops, client),
      );
    const results = await Promise.allSettled([one("alipay", "x"), one("wechatpay", "y")]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    // A failed declaration (a definite, coded refusal: B1) holds nothing.
    const e = await paid({ amount: 10_000, currency: "CNY", method: "alipay" });
    await writeSecret(SECRET_NAMES.customsToken, "ct_wrong");
    const refused = await declare({ transactionId: e.id, vendor: "alipay", paymentType: "Online" });
    expect((await view(refused.declaration.id)).subOrders[0]!.state).toBe("failed");
    await writeSecret(SECRET_NAMES.customsToken, "ct_sandbox_default");
    expect(
      (await declare({ transactionId: e.id, vendor: "wechatpay", paymentType: "Online" })).declaration.subOrders[0]!
        .state,
    ).toBe("pending");
  });

  it("answers 422 for the same key with another body, and scopes keys to their creator", async () => {
    const c = await paid({ amount: 5000, currency: "CNY", method: "alipay" });
    const key = uid("key");
    const first = await declare({ transactionId: c.id, vendor: "alipay", paymentType: "Online" }, key);
    await expect(declare({ transactionId: c.id, vendor: "alipay", paymentType: "Hosted" }, key)).rejects.toMatchObject({
      name: "Invalid",
      rule: "idempotency_key_reused",
    });
    expect(await declare({ transactionId: c.id, vendor: "alipay", paymentType: "Online" }, key)).toMatchObject({
      replayed: true,
      declaration: { id: first.declaration.id },
    });
    const theirs = await createDeclaration(
      declarationSchema.parse({ ...base, transactionId: c.id, vendor: "alipay", paymentType: "Online" }),
      key,
      actorFor(other, client),
    ).catch((e) => e);
    expect(theirs).toMatchObject({ name: "Conflict", rule: "already_declared" });
  });
});
