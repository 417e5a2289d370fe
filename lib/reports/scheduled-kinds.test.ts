import { describe, expect, it } from "vitest";
import { reportTarget } from "./scheduled-kinds";

// Issue 48, item 14: the saved-view report named a date range in its e-mail and linked to an
// export of every transaction the view ever matched.
describe("a saved view's scheduled report", () => {
  it("exports the view over the report's period", () => {
    const url = new URL(
      reportTarget("transactionsView", "2026-11-23", "2026-11-29", "status=succeeded&q=ORD"),
      "http://x",
    );
    expect(url.pathname).toBe("/api/transactions/export.csv");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      status: "succeeded",
      q: "ORD",
      from: "2026-11-23",
      to: "2026-11-29",
    });
  });

  it("keeps the days a view fixes itself, and a view without a query still gets the period", () => {
    const own = new URL(reportTarget("transactionsView", "2026-11-23", "2026-11-29", "from=2026-01-01"), "http://x");
    expect(Object.fromEntries(own.searchParams)).toEqual({ from: "2026-01-01" });
    const bare = new URL(reportTarget("transactionsView", "2026-11-23", "2026-11-29", null), "http://x");
    expect(Object.fromEntries(bare.searchParams)).toEqual({ from: "2026-11-23", to: "2026-11-29" });
  });
});
