import { parseAsArrayOf, parseAsStringLiteral } from "nuqs/server";
import { defineList, routeQuery } from "@/lib/platform/api/list-state";
import {
  parseAsCode,
  parseAsCursor,
  parseAsDay,
  parseAsMinor,
  parseAsSearchText,
} from "@/lib/platform/api/url-parsers";
import { SORTS, STATUSES, TYPES } from "./constants";
import type { z } from "zod";
import type { listSummarySchema } from "@/lib/platform/api/answers";
import type { transactionPageSchema } from "./answers";

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

export type TransactionPage = z.output<typeof transactionPageSchema>;

export const transactionList = defineList<typeof transactionSearchParams, TransactionPage>(transactionSearchParams, {
  page: "transactions",
  api: "/api/transactions",
});

/** The filtered set's count and totals: the same filters, without the page's cursor and order. */
export function transactionSummaryOptions(search: string) {
  const filters = new URLSearchParams(search);
  for (const key of ["cursor", "sort", "dir"]) filters.delete(key);
  const query = filters.toString();
  return routeQuery<z.output<typeof listSummarySchema>>(
    [...transactionList.key, "summary", query],
    "/api/transactions/summary",
    query,
  );
}
