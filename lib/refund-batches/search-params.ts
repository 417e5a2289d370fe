import { parseAsStringLiteral } from "nuqs/server";
import { defineList } from "@/lib/platform/api/list-state";
import { parseAsCursor } from "@/lib/platform/api/url-parsers";
import type { RefundBatchView } from "./view-types";

export const BATCH_STATUSES = [
  "draft",
  "awaiting_approval",
  "approved",
  "sending",
  "done",
  "cancelled",
  "rejected",
] as const;
export const refundBatchSearchParams = {
  status: parseAsStringLiteral(BATCH_STATUSES),
  cursor: parseAsCursor(),
};
export const REFUND_BATCHES_PAGE = 50;

type RefundBatchPage = { batches: RefundBatchView[]; nextCursor: string | null; older: boolean };

export const refundBatchList = defineList<typeof refundBatchSearchParams, RefundBatchPage>(refundBatchSearchParams, {
  page: "refund-batches",
  api: "/api/refund-batches",
  fixed: { limit: String(REFUND_BATCHES_PAGE) },
});
