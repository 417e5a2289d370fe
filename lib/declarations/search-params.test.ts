import { describe, expect, it } from "vitest";
import { declarationFilterSchema } from "./schemas";
import { declarationList } from "./search-params";

// The customs list's URL, its page's loader and GET /api/customs/declarations read one map: a
// value the map refuses is dropped by the route and named by the list, at its key.
describe("the customs declarations list's URL state", () => {
  it("the route keeps what it understands, drops what it cannot use, and the list names that", () => {
    const raw = { q: " ORDER-1 ", vendor: "paypal", state: "failed", customsStatus: "done", limit: "20" };
    expect(declarationFilterSchema.parse(raw)).toEqual({
      q: "ORDER-1",
      vendor: undefined,
      state: "failed",
      customsStatus: undefined,
      cursor: undefined,
      limit: 20,
    });
    expect(declarationList.issues(new URLSearchParams(raw)).map((i) => i.key)).toEqual(["vendor", "customsStatus"]);
  });

  it("a Customs status is one Customs says, as it says it", () => {
    expect(declarationFilterSchema.parse({ customsStatus: "EXCEPT" }).customsStatus).toBe("EXCEPT");
    expect(declarationFilterSchema.parse({ customsStatus: "except" }).customsStatus).toBeUndefined();
  });

  it("the query string the page prefetches under is the one the browser asks for: map order, no empty keys", () => {
    const state = declarationList.load(new URLSearchParams("customsStatus=EXCEPT&vendor=upop&q="));
    expect(declarationList.search(state)).toBe("vendor=upop&customsStatus=EXCEPT");
  });
});
