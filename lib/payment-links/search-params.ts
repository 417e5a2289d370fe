import { parseAsStringLiteral } from "nuqs/server";
import { defineList } from "@/lib/platform/api/list-state";
import { parseAsCursor, parseAsSearchText } from "@/lib/platform/api/url-parsers";
import type { pagePaymentLinks } from "./service";

export const LINK_STATUSES = ["initiated", "succeeded", "canceled", "expired", "unknown"] as const;
export const paymentLinkSearchParams = {
  q: parseAsSearchText(64),
  status: parseAsStringLiteral(LINK_STATUSES),
  cursor: parseAsCursor(),
};
export const PAYMENT_LINKS_PAGE = 50;

export const paymentLinkList = defineList<typeof paymentLinkSearchParams, Awaited<ReturnType<typeof pagePaymentLinks>>>(
  paymentLinkSearchParams,
  { page: "payment-links", api: "/api/payment-links", fixed: { limit: String(PAYMENT_LINKS_PAGE) } },
);
