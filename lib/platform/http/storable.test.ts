import { describe, expect, it } from "vitest";
import { isUnstorable, unstorableAt, unstorableLine } from "./storable";

describe("text the database cannot store", () => {
  it("is a NUL or a lone surrogate, high or low; a pair, an emoji and Chinese are stored", () => {
    for (const bad of ["a\u0000b", "\ud800", "x\udbff", "\udc00y", "😀\ud83d"])
      expect(isUnstorable(bad), JSON.stringify(bad)).toBe(true);
    for (const good of ["", "plain", "😀", "\ud83d\ude00", "测试 订单", "\ufffd", "tab\tnew\nline"])
      expect(isUnstorable(good), good).toBe(false);
  });

  it("is found at its path in values, arrays and keys", () => {
    expect(unstorableAt({ a: 1, b: ["ok", { c: "x\u0000" }] })).toEqual(["b", 1, "c"]);
    expect(unstorableAt({ "k\ud800": "v" })).toEqual(["k\ud800"]);
    expect(unstorableAt({ a: "ok", n: null, t: true })).toBeNull();
  });

  it("is named by its line in a file", () => {
    expect(unstorableLine("a,b\nc,d\ne,\u0000f\n")).toBe(3);
    expect(unstorableLine("a,b\nc,d\n")).toBeNull();
  });
});
