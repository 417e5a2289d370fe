import { parseAsStringLiteral } from "nuqs/server";
import { listQueryOptions } from "@/lib/platform/api/list-query";
import { listPage } from "@/lib/platform/pages";
import { defineListState } from "@/lib/platform/api/list-state";
import { parseAsCursor } from "@/lib/platform/api/url-parsers";

// The refund batches list's URL state, defined once (lib/platform/api/list-state.ts).
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
export const refundBatchList = defineListState(refundBatchSearchParams, listPage("refund-batches"));

export const REFUND_BATCHES_PAGE = 50;

export const refundBatchListOptions = <T>(search: string) =>
  listQueryOptions<{ batches: T[]; nextCursor: string | null; older: boolean }>(
    "refund-batches",
    "/api/refund-batches",
    search,
    { limit: String(REFUND_BATCHES_PAGE) },
  );
