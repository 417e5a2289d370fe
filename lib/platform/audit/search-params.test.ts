import { describe, expect, it } from "vitest";
import { auditFilterSchema } from "./query";
import { auditList } from "./search-params";

describe("the audit log's URL state", () => {
  it("GET /api/audit and the CSV export read the page's map, key for key", () => {
    expect(Object.keys(auditFilterSchema.shape)).toEqual(Object.keys(auditList.parsers));
  });

  it("drops an impossible day, an unknown result and a non-id `before`, and names each", () => {
    const raw = { actor: "e2e-ops", result: "maybe", from: "2026-02-31", to: "2026-02-28", before: "0" };
    expect(auditFilterSchema.parse(raw)).toEqual({
      actor: "e2e-ops",
      action: undefined,
      result: undefined,
      from: undefined,
      to: "2026-02-28",
      before: undefined,
    });
    expect(auditList.issues(raw).map((i) => i.key)).toEqual(["result", "from", "before"]);
    // The URL the filter bar writes: the map's order, the export link the same filter without the page.
    expect(auditList.search({ ...auditList.load(raw), to: "2026-03-01" })).toBe("actor=e2e-ops&to=2026-03-01");
  });
});
