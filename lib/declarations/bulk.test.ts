import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { actorFor } from "@/lib/auth/actor";
import { bulkDeclare } from "./bulk";
import { processDeclaration } from "./send";
import { client, customs, ops, paid, setUpCustoms, view } from "./test-harness";

setUpCustoms();

describe("declarations against the sandbox", () => {
  it("declares from a CSV, checking every row first and sending only the valid ones", async () => {
    const good = await paid({ amount: 30_000, currency: "CNY", method: "wechatpay" });
    const csv = [
      "reference,vendor,payment_type,customs_location,sub_order_no,order_fee,transport_fee,product_fee",
      `${good.reference},wechatpay,Online,HANGZHOU,${good.reference}-a,200.00,10.00,190.00`,
      `${good.reference},wechatpay,Online,HANGZHOU,${good.reference}-b,100.00,5.00,95.00`,
      "no-such-order,alipay,Hosted,HANGZHOU,,,,",
    ].join("\n");
    const result = await bulkDeclare(
      csv,
      { merchantCustomsCode: "1234567890", merchantCustomsName: "Demo Trading" },
      actorFor(ops, client),
    );
    expect(result.rows.map((r) => [r.line, r.ok])).toEqual([
      [2, true],
      [3, true],
      [4, false],
    ]);
    expect(result.rows[2]!.problems[0]).toContain("No payment with reference no-such-order");
    expect(result.sent).toBe(1);
    await processDeclaration(result.rows[0]!.declarationId!);
    expect((await view(result.rows[0]!.declarationId!)).subOrders.map((s) => s.state)).toEqual([
      "submitted",
      "submitted",
    ]);
  });
});

describe("declaring an order once", () => {
  it("derives a bulk file's keys from its rows: the same file again declares nothing twice", async () => {
    const c = await paid({ amount: 12_000, currency: "CNY", method: "alipay" });
    const csv = ["reference,vendor,payment_type,customs_location", `${c.reference},alipay,Online,HANGZHOU`].join("\n");
    const defaults = { merchantCustomsCode: "1234567890", merchantCustomsName: "Demo Trading" };
    const first = await bulkDeclare(csv, defaults, actorFor(ops, client));
    await processDeclaration(first.rows[0]!.declarationId!);
    const before = customs.declareCalls;
    const second = await bulkDeclare(csv, defaults, actorFor(ops, client));
    expect(second.rows).toEqual([
      expect.objectContaining({ ok: true, replayed: true, declarationId: first.rows[0]!.declarationId }),
    ]);
    expect(second.sent).toBe(0);
    expect(customs.declareCalls).toBe(before);
    expect(await db.customsDeclaration.count({ where: { reference: c.reference } })).toBe(1);
  });
});
