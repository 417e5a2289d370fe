import { parseAsStringLiteral } from "nuqs/server";
import { defineList } from "@/lib/platform/api/list-state";
import { parseAsCode, parseAsCursor, parseAsSearchText } from "@/lib/platform/api/url-parsers";
import { AGE_KEYS, EXCEPTION_KINDS, STATES } from "./kinds";
import type { z } from "zod";
import type { exceptionListSchema } from "./answers";

export const exceptionSearchParams = {
  state: parseAsStringLiteral(STATES).withDefault("open"),
  kind: parseAsStringLiteral(EXCEPTION_KINDS),
  age: parseAsStringLiteral(AGE_KEYS),
  currency: parseAsCode(3),
  charge: parseAsSearchText(128),
  cursor: parseAsCursor(),
};

export const EXCEPTIONS_PAGE = 50;

/** GET /api/reconciliation/exceptions: a page of differences, the last runs, and how many are open. */
export type ExceptionPage = z.output<typeof exceptionListSchema>;

export const exceptionList = defineList<typeof exceptionSearchParams, ExceptionPage>(exceptionSearchParams, {
  page: "reconciliation",
  api: "/api/reconciliation/exceptions",
  fixed: { limit: String(EXCEPTIONS_PAGE) },
});
