import { parseAsStringLiteral } from "nuqs/server";
import { defineList } from "@/lib/platform/api/list-state";
import { LINK_STATUSES } from "./constants";
import { parseAsCursor, parseAsSearchText } from "@/lib/platform/api/url-parsers";
import type { z } from "zod";
import type { paymentLinkListSchema } from "./answers";

export const paymentLinkSearchParams = {
  q: parseAsSearchText(64),
  status: parseAsStringLiteral(LINK_STATUSES),
  cursor: parseAsCursor(),
};
export const PAYMENT_LINKS_PAGE = 50;

export const paymentLinkList = defineList<typeof paymentLinkSearchParams, z.output<typeof paymentLinkListSchema>>(
  paymentLinkSearchParams,
  { page: "payment-links", api: "/api/payment-links", fixed: { limit: String(PAYMENT_LINKS_PAGE) } },
);
