import { defineList } from "@/lib/platform/api/list-state";
import { parseAsCode, parseAsCursor, parseAsSearchText } from "@/lib/platform/api/url-parsers";
import type { z } from "zod";
import type { approvalPageSchema } from "./answers";

export const approvalSearchParams = {
  requestedBy: parseAsSearchText(128),
  currency: parseAsCode(3),
  cursor: parseAsCursor(),
};
export const APPROVALS_PAGE = 50;

export const approvalList = defineList<typeof approvalSearchParams, z.output<typeof approvalPageSchema>>(
  approvalSearchParams,
  { page: "approvals", api: "/api/approvals", fixed: { limit: String(APPROVALS_PAGE) } },
);
