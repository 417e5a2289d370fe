import { describe, expect, it } from "vitest";
import { budget } from "./rules";
import { declarationProblems } from "./rule-words";

describe("declaration rules", () => {
  const parent = { currency: "USD", amount: 10_000, cnyFen: 71_000, method: "wechatpay" };
  it("checks upop, split and wechatpay fee rules, and the budget", () => {
    expect(
      declarationProblems(
        { vendor: "upop", paymentType: "InStore", isSplit: false, subOrders: [], upop: null },
        parent,
      ),
    ).toEqual([
      "UnionPay (upop) declarations support only CNY transactions; this payment is in USD.",
      "upop accepts only the Hosted and Online payment types.",
      "upop needs the buyer's name and ID number.",
    ]);
    const subs = [
      { subOrderNo: "A", orderFee: 50_000, transportFee: 1000, productFee: 49_000 },
      { subOrderNo: "B", orderFee: 30_000, transportFee: 0, productFee: 20_000 },
    ];
    expect(budget(subs, parent)).toEqual({ used: 80_000, cap: 71_000, left: -9000, over: true });
    const problems = declarationProblems(
      { vendor: "wechatpay", paymentType: "Online", isSplit: true, subOrders: subs },
      parent,
    );
    expect(problems).toContain(
      "Sub-order 2 (B): the order fee (CN¥300.00) must equal transport fee + product fee (CN¥200.00).",
    );
    expect(problems.at(-1)).toBe("The sub-orders add up to CN¥800.00, more than the order's CN¥710.00.");
  });
});
