import type { z } from "zod";
import { keyed } from "@/lib/platform/keyed";

type Issue = z.core.$ZodRawIssue;

const SIZED = new Set(["string", "number", "int", "bigint", "array", "set", "file", "date"]);
const sized = (origin: unknown) => {
  const o = String(origin);
  return o === "int" || o === "bigint" ? "number" : SIZED.has(o) ? o : "other";
};
const limit = (value: unknown) => Number(value);

/** The keyed catalog message for a zod issue (`schema.safeParse(x, { error: catalogIssue })`). */
export function catalogIssue(issue: Issue): string {
  switch (issue.code) {
    case "invalid_type":
      return issue.input === undefined
        ? keyed("validation.issue.required")
        : keyed("validation.issue.type", { expected: String(issue.expected) });
    case "too_big":
      if (issue.exact) return keyed("validation.issue.exact", { kind: sized(issue.origin), n: limit(issue.maximum) });
      return keyed(issue.inclusive === false ? "validation.issue.below" : "validation.issue.tooBig", {
        kind: sized(issue.origin),
        max: limit(issue.maximum),
      });
    case "too_small":
      if (issue.exact) return keyed("validation.issue.exact", { kind: sized(issue.origin), n: limit(issue.minimum) });
      if (sized(issue.origin) === "string" && limit(issue.minimum) === 1) return keyed("validation.issue.required");
      return keyed(issue.inclusive === false ? "validation.issue.above" : "validation.issue.tooSmall", {
        kind: sized(issue.origin),
        min: limit(issue.minimum),
      });
    case "invalid_format":
      return keyed("validation.issue.format", { format: String(issue.format) });
    case "invalid_value":
      return keyed("validation.issue.oneOf", { values: issue.values.map(String).join(", ") });
    case "unrecognized_keys":
      return keyed("validation.issue.unknownKeys", { keys: issue.keys.join(", ") });
    case "not_multiple_of":
      return keyed("validation.issue.multipleOf", { divisor: limit(issue.divisor) });
    default:
      return keyed("validation.issue.invalid");
  }
}

/** The parse context that gives every problem in the catalog's words. */
export const CATALOG_ISSUES = { error: catalogIssue } as const;
