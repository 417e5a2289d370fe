import { parseAsStringLiteral } from "nuqs/server";
import { defineList } from "@/lib/platform/api/list-state";
import { parseAsCursor, parseAsSearchText } from "@/lib/platform/api/url-parsers";
import { CHARGEBACK_STATUSES } from "@/lib/upi/shared";
import type { z } from "zod";
import type { chargebackListSchema } from "./answers";

export const chargebackSearchParams = {
  q: parseAsSearchText(128),
  status: parseAsStringLiteral(CHARGEBACK_STATUSES),
  atRisk: parseAsStringLiteral(["1"] as const),
  cursor: parseAsCursor(),
};

export const CHARGEBACKS_PAGE = 50;

/** GET /api/chargebacks: a page of cases, and the summary of them all (the list's head shows it). */
export type ChargebackPage = z.output<typeof chargebackListSchema>;

export const chargebackList = defineList<typeof chargebackSearchParams, ChargebackPage>(chargebackSearchParams, {
  page: "chargebacks",
  api: "/api/chargebacks",
  fixed: { limit: String(CHARGEBACKS_PAGE) },
});
