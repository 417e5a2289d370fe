import { parseAsStringLiteral } from "nuqs/server";
import { defineListState } from "@/lib/platform/api/list-state";
import { parseAsCursor, parseAsDay, parseAsSearchText } from "@/lib/platform/api/url-parsers";
import { CUSTOMS_STATUSES, SUB_ORDER_STATES, VENDORS } from "./constants";

// The customs declarations list's URL state, defined once (lib/platform/api/list-state.ts): the
// page, the browser and GET /api/customs/declarations (its schema is derived from this map) read
// it. `q`: reference, transaction, sub-order or declare number; `state` and `customsStatus` match
// a declaration with a sub-order in them.
export const declarationSearchParams = {
  q: parseAsSearchText(128),
  vendor: parseAsStringLiteral(VENDORS),
  state: parseAsStringLiteral(SUB_ORDER_STATES),
  customsStatus: parseAsStringLiteral(CUSTOMS_STATUSES),
  /** Days the declaration was made (YYYY-MM-DD, in the reader's zone): the scheduled report's period. */
  from: parseAsDay,
  to: parseAsDay,
  cursor: parseAsCursor(),
};
export const declarationList = defineListState(declarationSearchParams);
