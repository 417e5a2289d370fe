import { parseAsStringLiteral } from "nuqs/server";
import { defineList } from "@/lib/platform/api/list-state";
import { parseAsDay, parseAsIdBefore, parseAsSearchText } from "@/lib/platform/api/url-parsers";
import type { z } from "zod";
import type { auditPageSchema } from "./answers";

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
export const auditList = defineList<typeof auditSearchParams, z.output<typeof auditPageSchema>>(auditSearchParams, {
  page: "audit",
  api: "/api/audit",
});
