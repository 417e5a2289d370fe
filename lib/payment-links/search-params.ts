import { parseAsStringLiteral } from "nuqs/server";
import { listQueryOptions } from "@/lib/platform/api/list-query";
import { listPage } from "@/lib/platform/pages";
import { defineListState } from "@/lib/platform/api/list-state";
import { parseAsCursor, parseAsSearchText } from "@/lib/platform/api/url-parsers";

// The payment links list's URL state, defined once (lib/platform/api/list-state.ts).
export const LINK_STATUSES = ["initiated", "succeeded", "canceled", "expired", "unknown"] as const;
export const paymentLinkSearchParams = {
  q: parseAsSearchText(64),
  status: parseAsStringLiteral(LINK_STATUSES),
  cursor: parseAsCursor(),
};
export const paymentLinkList = defineListState(paymentLinkSearchParams, listPage("payment-links"));

export const PAYMENT_LINKS_PAGE = 50;

export const paymentLinkListOptions = <T>(search: string) =>
  listQueryOptions<{ links: T[]; nextCursor: string | null; older: boolean }>(
    "payment-links",
    "/api/payment-links",
    search,
    {
      limit: String(PAYMENT_LINKS_PAGE),
    },
  );
