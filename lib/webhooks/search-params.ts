import { parseAsStringLiteral } from "nuqs/server";
import { defineList } from "@/lib/platform/api/list-state";
import { APPLY_STATES, NOTIFICATION_TYPES, VERIFICATIONS } from "./constants";
import { parseAsIdBefore, parseAsSearchText } from "@/lib/platform/api/url-parsers";
import type { z } from "zod";
import type { inboxPageSchema } from "./answers";

export const inboxSearchParams = {
  q: parseAsSearchText(128),
  type: parseAsStringLiteral(NOTIFICATION_TYPES),
  verification: parseAsStringLiteral(VERIFICATIONS),
  state: parseAsStringLiteral(APPLY_STATES),
  before: parseAsIdBefore,
};
export const INBOX_PAGE = 50;

export const inboxList = defineList<typeof inboxSearchParams, z.output<typeof inboxPageSchema>>(inboxSearchParams, {
  page: "webhooks",
  api: "/api/webhooks",
  fixed: { limit: String(INBOX_PAGE) },
});
