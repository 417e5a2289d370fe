import { describe, expect, it } from "vitest";
import { pageSummary } from "./list-summary";

const rows = [
  { amount: 100, currency: "USD" },
  { amount: 250, currency: "USD" },
  { amount: 500, currency: "JPY" },
  { amount: null, currency: null },
];

describe("pageSummary", () => {
  it("counts a whole set exactly and totals it per currency", () => {
    expect(pageSummary(rows, false, (r) => r)).toEqual({
      count: 4,
      more: false,
      cap: 4,
      totals: [
        { currency: "JPY", amount: 500 },
        { currency: "USD", amount: 350 },
      ],
    });
  });

  it("says 'more than' the page and sums nothing when the set goes on", () => {
    expect(pageSummary(rows, true, (r) => r)).toEqual({ count: 4, more: true, totals: null, cap: 4 });
  });
});
