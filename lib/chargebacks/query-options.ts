import { listQueryOptions } from "@/lib/platform/api/list-query";
import type { ChargebackSummary, ChargebackView } from "./query";

export const CHARGEBACKS_PAGE = 50;

/** GET /api/chargebacks: a page of cases, and the summary of them all (the list's head shows it). */
export type ChargebackPage = {
  chargebacks: ChargebackView[];
  nextCursor: string | null;
  older: boolean;
  summary: ChargebackSummary;
};

/** Same key on the server (prefetch) and in the browser, from the list state's query (chargebackList.search). */
export const chargebackListOptions = (search: string) =>
  listQueryOptions<ChargebackPage>("chargebacks", "/api/chargebacks", search, { limit: String(CHARGEBACKS_PAGE) });
