import { parseAsArrayOf, parseAsStringLiteral } from "nuqs/server";
import { listPage } from "@/lib/platform/pages";
import { defineListState } from "@/lib/platform/api/list-state";
import {
  parseAsCode,
  parseAsCursor,
  parseAsDay,
  parseAsMinor,
  parseAsSearchText,
} from "@/lib/platform/api/url-parsers";
import { SORTS, STATUSES, TYPES } from "./constants";

// The transactions list's URL state, defined once.
export const transactionSearchParams = {
  q: parseAsSearchText(128),
  customer: parseAsSearchText(128),
  status: parseAsArrayOf(parseAsStringLiteral(STATUSES)),
  type: parseAsArrayOf(parseAsStringLiteral(TYPES)),
  method: parseAsSearchText(32),
  currency: parseAsCode(3),
  country: parseAsCode(2),
  from: parseAsDay,
  to: parseAsDay,
  amountMin: parseAsMinor,
  amountMax: parseAsMinor,
  sort: parseAsStringLiteral(SORTS).withDefault("time"),
  dir: parseAsStringLiteral(["asc", "desc"] as const).withDefault("desc"),
  cursor: parseAsCursor(200),
};

export const transactionList = defineListState(transactionSearchParams, listPage("transactions"));
