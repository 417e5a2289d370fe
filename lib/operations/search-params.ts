import { parseAsStringLiteral } from "nuqs/server";
import { listQueryOptions } from "@/lib/platform/api/list-query";
import { listPage } from "@/lib/platform/pages";
import { defineListState } from "@/lib/platform/api/list-state";
import { parseAsCursor } from "@/lib/platform/api/url-parsers";
import type { OperationView } from "./view";
import { OPERATION_STATUSES } from "./statuses";

// The operations list's URL state, defined once (lib/platform/api/list-state.ts).
export const operationSearchParams = {
  status: parseAsStringLiteral(OPERATION_STATUSES),
  cursor: parseAsCursor(),
};
export const operationList = defineListState(operationSearchParams, listPage("operations"));

export type OperationPage = { operations: OperationView[]; nextCursor: string | null; older: boolean };

export const OPERATIONS_PAGE = 100;

export const operationListOptions = (search: string) =>
  listQueryOptions<OperationPage>("operations", "/api/operations", search, { limit: String(OPERATIONS_PAGE) });
