import { listQueryOptions } from "@/lib/platform/api/list-query";
import type { DeclarationView } from "./view";

export const DECLARATIONS_PAGE = 100;

/** GET /api/customs/declarations: a page of declarations with their sub-orders. */
export type DeclarationPage = { declarations: DeclarationView[]; nextCursor: string | null; older: boolean };

/** Same key on the server (prefetch) and in the browser, from the list state's query (declarationList.search). */
export const declarationListOptions = (search: string) =>
  listQueryOptions<DeclarationPage>("declarations", "/api/customs/declarations", search, {
    limit: String(DECLARATIONS_PAGE),
  });
