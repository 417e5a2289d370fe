import { parseAsStringLiteral } from "nuqs/server";
import { listPage } from "@/lib/platform/pages";
import { defineListState } from "@/lib/platform/api/list-state";
import { parseAsCode, parseAsCursor, parseAsSearchText } from "@/lib/platform/api/url-parsers";
import { AGE_KEYS, EXCEPTION_KINDS, STATES } from "./kinds";

// The exceptions list's URL state, defined once.
export const exceptionSearchParams = {
  state: parseAsStringLiteral(STATES).withDefault("open"),
  kind: parseAsStringLiteral(EXCEPTION_KINDS),
  age: parseAsStringLiteral(AGE_KEYS),
  currency: parseAsCode(3),
  charge: parseAsSearchText(128),
  cursor: parseAsCursor(),
};
export const exceptionList = defineListState(exceptionSearchParams, listPage("reconciliation"));
