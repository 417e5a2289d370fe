import { parseAsStringLiteral } from "nuqs/server";
import { listPage } from "@/lib/platform/pages";
import { defineListState } from "@/lib/platform/api/list-state";
import { parseAsCursor, parseAsDay, parseAsSearchText } from "@/lib/platform/api/url-parsers";
import { CUSTOMS_STATUSES, SUB_ORDER_STATES, VENDORS } from "./constants";

// The customs declarations list's URL state, defined once (lib/platform/api/list-state.ts).
export const declarationSearchParams = {
  q: parseAsSearchText(128),
  vendor: parseAsStringLiteral(VENDORS),
  state: parseAsStringLiteral(SUB_ORDER_STATES),
  customsStatus: parseAsStringLiteral(CUSTOMS_STATUSES),
  from: parseAsDay,
  to: parseAsDay,
  cursor: parseAsCursor(),
};
export const declarationList = defineListState(declarationSearchParams, listPage("customs"));
