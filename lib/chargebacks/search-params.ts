import { parseAsStringLiteral } from "nuqs/server";
import { defineListState } from "@/lib/platform/api/list-state";
import { parseAsCursor, parseAsSearchText } from "@/lib/platform/api/url-parsers";
import { CHARGEBACK_STATUSES } from "./statuses";

// The chargebacks list's URL state, defined once (lib/platform/api/list-state.ts): the page, the
// browser and GET /api/chargebacks (its schema is derived from this map) read it. `q` is a
// chargeback id, charge id or reference.
export const chargebackSearchParams = {
  q: parseAsSearchText(128),
  status: parseAsStringLiteral(CHARGEBACK_STATUSES),
  /** `1`: the cases waiting on the merchant's response (Notification of Claim, Request For Information). */
  atRisk: parseAsStringLiteral(["1"] as const),
  cursor: parseAsCursor(),
};
export const chargebackList = defineListState(chargebackSearchParams);
