import { parseAsStringLiteral } from "nuqs/server";
import { listPage } from "@/lib/platform/pages";
import { defineListState } from "@/lib/platform/api/list-state";
import { parseAsCursor, parseAsSearchText } from "@/lib/platform/api/url-parsers";
import { CHARGEBACK_STATUSES } from "@/lib/upi/shared";

// The chargebacks list's URL state, defined once (lib/platform/api/list-state.ts).
export const chargebackSearchParams = {
  q: parseAsSearchText(128),
  status: parseAsStringLiteral(CHARGEBACK_STATUSES),
  atRisk: parseAsStringLiteral(["1"] as const),
  cursor: parseAsCursor(),
};
export const chargebackList = defineListState(chargebackSearchParams, listPage("chargebacks"));
