import { parseAsStringLiteral } from "nuqs/server";
import { defineList } from "@/lib/platform/api/list-state";
import { parseAsCursor, parseAsDay, parseAsSearchText } from "@/lib/platform/api/url-parsers";
import { CUSTOMS_STATUSES, SUB_ORDER_STATES, VENDORS } from "./constants";
import type { z } from "zod";
import type { declarationListSchema } from "./answers";

export const declarationSearchParams = {
  q: parseAsSearchText(128),
  vendor: parseAsStringLiteral(VENDORS),
  state: parseAsStringLiteral(SUB_ORDER_STATES),
  customsStatus: parseAsStringLiteral(CUSTOMS_STATUSES),
  from: parseAsDay,
  to: parseAsDay,
  cursor: parseAsCursor(),
};

export const DECLARATIONS_PAGE = 100;

/** GET /api/customs/declarations: a page of declarations with their sub-orders. */
export type DeclarationPage = z.output<typeof declarationListSchema>;

export const declarationList = defineList<typeof declarationSearchParams, DeclarationPage>(declarationSearchParams, {
  page: "customs",
  api: "/api/customs/declarations",
  fixed: { limit: String(DECLARATIONS_PAGE) },
});
