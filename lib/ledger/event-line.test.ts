import { describe, expect, it } from "vitest";
import { englishLine, eventLineFor } from "./event-line";
import { eventTextOf, said } from "./event-text";

// The timeline is stored as keys with values; the English line is what the `summary` column
// kept before (the API, exports), and a zh-CN reader reads it in Chinese with its statuses,
// kinds and money in their words.

const zh = eventLineFor({ locale: "zh-CN", timeZone: "Asia/Shanghai" });
const refund = { kind: "refund", amount: 2500, currency: "USD", reference: "r-1", actor: "fin@example.com" };

describe("timeline lines", () => {
  it("keeps the English wording the ledger wrote before", () => {
    expect(englishLine(said("operationSucceeded", { ...refund, approver: "none", via: "console" }))).toBe(
      "Refund of $25.00 succeeded (r-1), requested by fin@example.com",
    );
    expect(englishLine(said("operationSucceeded", { ...refund, approver: "mgr@example.com", via: "reconciler" }))).toBe(
      "Refund of $25.00 succeeded (r-1), requested by fin@example.com, approved by mgr@example.com, confirmed by inquiry",
    );
    expect(englishLine(said("chargeCreated", { actor: "a@b.c", status: "succeeded" }))).toBe(
      "Charge created by a@b.c (succeeded)",
    );
    expect(englishLine(said("chargeMoved", { status: "succeeded", from: "pending", to: "succeeded" }))).toBe(
      "Notification: charge succeeded (pending → succeeded)",
    );
    expect(englishLine(said("linkCreated"))).toBe("Payment link created");
  });

  it("reads in Chinese for a zh-CN reader, data values in words", () => {
    const line = zh(said("operationSucceeded", { ...refund, approver: "mgr@example.com", via: "reconciler" }));
    expect(line).toContain("退款");
    expect(line).toContain("US$25.00");
    expect(line).toContain("批准人 mgr@example.com");
    expect(line).not.toMatch(/Refund|succeeded|requested|approved/);
    expect(zh(said("chargeMoved", { status: "succeeded", from: "pending", to: "succeeded" }))).not.toMatch(
      /succeeded|pending|Notification/,
    );
    // Issue 50, item 4: the payment service's own words ("success", "fail") reached the timeline raw.
    expect(zh(said("chargeHeard", { status: "success" }))).not.toMatch(/success/);
    expect(zh(said("refundHeard", { status: "fail" }))).not.toMatch(/fail/);
    expect(englishLine(said("chargeHeard", { status: "success" }))).toBe("Notification: charge success");
  });

  it("falls back to the stored English for a key it does not know", () => {
    const unknown = eventTextOf({ text: { key: "somethingRetired" } });
    expect(unknown).not.toBeNull();
    expect(zh(unknown!, "Something retired")).toBe("Something retired");
    expect(eventTextOf({ status: "succeeded" })).toBeNull();
    expect(eventTextOf(null)).toBeNull();
  });
});
