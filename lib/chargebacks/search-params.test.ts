import { describe, expect, it } from "vitest";
import { chargebackFilterSchema } from "./schemas";
import { chargebackList } from "./search-params";

// The chargebacks list's URL, its page's loader and GET /api/chargebacks (and its export) read one map.
describe("the chargebacks list's URL state", () => {
  it("a status the list cannot use is dropped by the route and named by the list", () => {
    const raw = { q: "ch_1", status: "Pending" };
    expect(chargebackFilterSchema.parse(raw)).toEqual({ q: "ch_1", status: undefined, cursor: undefined, limit: 50 });
    expect(chargebackList.issues(new URLSearchParams(raw))).toEqual([
      { key: "status", message: expect.stringContaining("Pending") },
    ]);
  });

  it("a status the payment API gives is taken as it is written", () => {
    expect(chargebackFilterSchema.parse({ status: "Request For Information" }).status).toBe("Request For Information");
    expect(chargebackList.search(chargebackList.load({ status: "Won", q: "" }))).toBe("status=Won");
  });
});
