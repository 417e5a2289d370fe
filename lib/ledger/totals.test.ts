import { describe, expect, it } from "vitest";
import { chargeTotals } from "./totals";

const row = { amount: 10_000, amountCaptured: 10_000, amountRefunded: null, remainingToCapture: 0 };

describe("chargeTotals", () => {
  it("takes the charge row when its inquiry is up to date", () => {
    const children = [{ type: "refund", status: "succeeded", amount: 2_500 }];
    expect(chargeTotals({ ...row, amountRefunded: 2_500 }, children)).toEqual({
      amountCaptured: 10_000,
      amountRefunded: 2_500,
      remainingToCapture: 0,
      remainingToRefund: 7_500,
    });
  });

  it("counts a refund the console recorded before the charge row caught up", () => {
    const children = [
      { type: "refund", status: "succeeded", amount: 2_500 },
      { type: "refund", status: "succeeded", amount: 500n },
      { type: "refund", status: "canceled", amount: 1_000 },
    ];
    const t = chargeTotals(row, children);
    expect(t.amountRefunded).toBe(3_000);
    expect(t.remainingToRefund).toBe(7_000);
  });

  it("counts a capture the charge row does not show yet, and what is left to capture drops", () => {
    const authorized = { amount: 10_000, amountCaptured: null, amountRefunded: null, remainingToCapture: 10_000 };
    const t = chargeTotals(authorized, [{ type: "capture", status: "succeeded", amount: 3_000 }]);
    expect(t).toEqual({
      amountCaptured: 3_000,
      amountRefunded: null,
      remainingToCapture: 7_000,
      remainingToRefund: 3_000,
    });
  });

  it("keeps nothing as nothing", () => {
    const authorized = { amount: 10_000, amountCaptured: null, amountRefunded: null, remainingToCapture: 10_000 };
    expect(chargeTotals(authorized, [])).toEqual({
      amountCaptured: null,
      amountRefunded: null,
      remainingToCapture: 10_000,
      remainingToRefund: 0,
    });
  });
});
