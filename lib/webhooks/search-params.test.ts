import { describe, expect, it } from "vitest";
import { inboxFilterSchema } from "./query";
import { inboxList } from "./search-params";

describe("the webhook inbox's URL state", () => {
  it("the API's schema is the page's map: the same keys, plus the page size", () => {
    expect(Object.keys(inboxFilterSchema.shape).sort()).toEqual([...Object.keys(inboxList.parsers), "limit"].sort());
  });

  it("drops a state, verdict or `before` it cannot use, and names each beside its filter", () => {
    const raw = { state: "nonsense", verification: "verified", before: "9223372036854775808", q: "ch_1" };
    expect(inboxFilterSchema.parse(raw)).toEqual({
      q: "ch_1",
      type: undefined,
      verification: "verified",
      state: undefined,
      before: undefined,
      limit: 50,
    });
    expect(inboxList.issues(raw).map((i) => i.key)).toEqual(["state", "before"]);
    expect(inboxFilterSchema.parse({ before: "9223372036854775807" }).before).toBe("9223372036854775807");
  });
});
