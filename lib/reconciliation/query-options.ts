import { listQueryOptions } from "@/lib/platform/api/list-query";
import type { ExceptionView, RunView } from "./query";

export const EXCEPTIONS_PAGE = 50;

/** GET /api/reconciliation/exceptions: a page of differences, the last runs, and how many are open. */
export type ExceptionPage = {
  exceptions: ExceptionView[];
  nextCursor: string | null;
  older: boolean;
  runs: RunView[];
  open: number;
};

/** Same key on the server (prefetch) and in the browser, from the list state's query. */
export const exceptionListOptions = (search: string) =>
  listQueryOptions<ExceptionPage>("reconciliation", "/api/reconciliation/exceptions", search, {
    limit: String(EXCEPTIONS_PAGE),
  });
