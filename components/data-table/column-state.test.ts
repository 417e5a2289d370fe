import { describe, expect, it } from "vitest";
import { dropOrder, keepListed, pinningOf, readVisibility, selectedIds, shownColumns } from "./column-state";
import { columnLabel, isSecondary } from "./types";

const columns = [
  { id: "select", meta: { pin: "left" as const } },
  { id: "id", meta: { pin: "left" as const } },
  { id: "amount", meta: { keep: true } },
  { id: "created", meta: { priority: 6 } },
  { id: "type", meta: { priority: 3 } },
  { id: "country", meta: { priority: 1 } },
  { id: "consumer" },
  { id: "actions", meta: { pin: "right" as const } },
];

describe("the list kit's column state", () => {
  it("pins left and right in the columns' order", () => {
    expect(pinningOf(columns)).toEqual({ left: ["select", "id"], right: ["actions"] });
    expect(pinningOf([{ id: "a" }])).toEqual({ left: [], right: [] });
  });

  it("drops secondary columns lowest priority first, among equals the right-most; never pinned or kept ones", () => {
    expect(dropOrder(columns)).toEqual(["consumer", "country", "type", "created"]);
  });

  it("shows the person's choice less the columns dropped to fit", () => {
    const chosen = { country: false };
    expect(shownColumns(chosen, new Set())).toBe(chosen);
    expect(shownColumns(chosen, new Set(["type", "created"]))).toEqual({
      country: false,
      type: false,
      created: false,
    });
  });

  it("reads back a remembered choice, and nothing else", () => {
    expect(readVisibility('{"country":false,"type":true}')).toEqual({ country: false, type: true });
    for (const saved of [null, "", "not json", "[]", "null", '"x"', '{"country":"no"}'])
      expect(readVisibility(saved), String(saved)).toBeNull();
  });

  it("keeps only listed rows in a selection, and the same object when all still are", () => {
    const selection = { a: true, b: true };
    expect(keepListed(selection, new Set(["a", "b", "c"]))).toBe(selection);
    expect(keepListed(selection, new Set(["b"]))).toEqual({ b: true });
    expect(keepListed({ a: false }, new Set(["a"]))).toEqual({});
  });

  it("lists the selected ids", () => {
    expect(selectedIds({ a: true, b: false, c: true })).toEqual(["a", "c"]);
  });

  it("tells secondary columns and their picker names", () => {
    expect(columns.filter(isSecondary).map((c) => c.id)).toEqual(["created", "type", "country", "consumer"]);
    expect(columnLabel({ id: "x", header: "Created" })).toBe("Created");
    expect(columnLabel({ id: "x", header: () => null, meta: { label: "Amount" } })).toBe("Amount");
    expect(columnLabel({ id: "x", header: () => null })).toBe("x");
  });
});
