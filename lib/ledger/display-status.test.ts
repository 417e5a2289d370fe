import { describe, expect, it } from "vitest";
import { displayStatus } from "./display-status";

const charge = (status: string, amount: number, captured: number | null, refunded: number | null) => ({
  type: "charge",
  status,
  amount,
  amountCaptured: captured,
  amountRefunded: refunded,
});

describe("displayStatus", () => {
  it.each([
    ["a full capture", charge("succeeded", 10_000, 10_000, null), "succeeded"],
    ["an auto-captured charge with refunded 0", charge("succeeded", 10_000, 10_000, 0), "succeeded"],
    ["a partial capture (the rest released)", charge("succeeded", 10_000, 6_000, null), "partially_captured"],
    ["a klarna capture with more to follow", charge("authorized", 10_000, 3_000, null), "partially_captured"],
    ["part of the capture refunded", charge("succeeded", 10_000, 10_000, 2_500), "partially_refunded"],
    ["part of a partial capture refunded", charge("succeeded", 10_000, 6_000, 2_500), "partially_refunded"],
    ["everything captured refunded", charge("succeeded", 10_000, 10_000, 10_000), "refunded"],
    ["all of a partial capture refunded", charge("succeeded", 10_000, 6_000, 6_000), "refunded"],
    ["an authorization", charge("authorized", 10_000, null, null), "authorized"],
    ["a canceled authorization", charge("canceled", 10_000, null, null), "canceled"],
    ["a charge waiting for the consumer", charge("initiated", 10_000, null, null), "initiated"],
  ])("%s", (_, row, expected) => {
    expect(displayStatus(row)).toBe(expected);
  });

  it("leaves captures and refunds as the service says", () => {
    const refund = { type: "refund", status: "succeeded", amount: 500, amountCaptured: null, amountRefunded: 500 };
    expect(displayStatus(refund)).toBe("succeeded");
    const capture = { type: "capture", status: "succeeded", amount: 500, amountCaptured: 500, amountRefunded: null };
    expect(displayStatus(capture)).toBe("succeeded");
  });
});
