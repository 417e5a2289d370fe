import { parseAsStringLiteral } from "nuqs/server";
import { listQueryOptions } from "@/lib/platform/api/list-query";
import { listPage } from "@/lib/platform/pages";
import { defineListState } from "@/lib/platform/api/list-state";
import { parseAsDay, parseAsIdBefore, parseAsSearchText } from "@/lib/platform/api/url-parsers";

// The audit log's URL state, defined once (lib/platform/api/list-state.ts).
export const AUDIT_RESULTS = [
  "ok",
  "denied",
  "conflict",
  "invalid",
  "pending_approval",
  "pending",
  "succeeded",
  "failed",
  "unknown",
  "error",
] as const;

export const auditSearchParams = {
  actor: parseAsSearchText(200),
  action: parseAsSearchText(200),
  result: parseAsStringLiteral(AUDIT_RESULTS),
  from: parseAsDay,
  to: parseAsDay,
  before: parseAsIdBefore,
};
export const auditList = defineListState(auditSearchParams, listPage("audit"));

export const auditListOptions = <T>(search: string) =>
  listQueryOptions<{ entries: T[]; nextBefore: string | null }>("audit", "/api/audit", search);
