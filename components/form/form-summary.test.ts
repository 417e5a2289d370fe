import { describe, expect, it } from "vitest";
import type { FieldErrors } from "react-hook-form";
import { problemsOf } from "./form-summary";

describe("problemsOf", () => {
  it("lists a field array's own problem under the array's name, beside its lines' problems", () => {
    const errors = {
      amount: { type: "custom", message: "USD has at most 2 decimals" },
      goods: { root: { type: "custom", message: "validation.charge.goodsRequired" } },
      lines: { 1: { name: { type: "custom", message: "Name is required" } } },
    } as unknown as FieldErrors;
    expect(problemsOf(errors)).toEqual([
      { name: "amount", message: "USD has at most 2 decimals" },
      { name: "goods", message: "validation.charge.goodsRequired" },
      { name: "lines.1.name", message: "Name is required" },
    ]);
  });
});
