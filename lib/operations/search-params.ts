import { parseAsStringLiteral } from "nuqs/server";
import { defineList } from "@/lib/platform/api/list-state";
import { parseAsCursor } from "@/lib/platform/api/url-parsers";
import type { OperationView } from "./view";
import { OPERATION_STATUSES } from "./statuses";

export const operationSearchParams = {
  status: parseAsStringLiteral(OPERATION_STATUSES),
  cursor: parseAsCursor(),
};
export type OperationPage = { operations: OperationView[]; nextCursor: string | null; older: boolean };

export const OPERATIONS_PAGE = 100;

export const operationList = defineList<typeof operationSearchParams, OperationPage>(operationSearchParams, {
  page: "operations",
  api: "/api/operations",
  fixed: { limit: String(OPERATIONS_PAGE) },
});
