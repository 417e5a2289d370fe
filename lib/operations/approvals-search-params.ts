import { listQueryOptions } from "@/lib/platform/api/list-query";
import { listPage } from "@/lib/platform/pages";
import { defineListState } from "@/lib/platform/api/list-state";
import { parseAsCode, parseAsCursor, parseAsSearchText } from "@/lib/platform/api/url-parsers";

// The approvals queue's URL state, defined once (lib/platform/api/list-state.ts).
export const approvalSearchParams = {
  requestedBy: parseAsSearchText(128),
  currency: parseAsCode(3),
  cursor: parseAsCursor(),
};
export const approvalList = defineListState(approvalSearchParams, listPage("approvals"));

export const APPROVALS_PAGE = 50;

export const approvalListOptions = <T>(search: string) =>
  listQueryOptions<{ approvals: T[]; nextCursor: string | null; older: boolean }>(
    "approvals",
    "/api/approvals",
    search,
    {
      limit: String(APPROVALS_PAGE),
    },
  );
