import { parseAsStringLiteral } from "nuqs/server";
import { listQueryOptions } from "@/lib/platform/api/list-query";
import { listPage } from "@/lib/platform/pages";
import { defineListState } from "@/lib/platform/api/list-state";
import { parseAsIdBefore, parseAsSearchText } from "@/lib/platform/api/url-parsers";

// The webhook inbox's URL state, defined once (lib/platform/api/list-state.ts).
export const VERIFICATIONS = ["verified", "verified_previous", "verified_legacy", "rejected", "unverifiable"] as const;
// expired: signed outside the replay window (lib/webhooks/receive.ts), refused and kept.
export const APPLY_STATES = [
  "pending",
  "applied",
  "confirmed",
  "unchanged",
  "stale",
  "rejected",
  "unconfirmed",
  "expired",
] as const;
export const NOTIFICATION_TYPES = ["charge", "refund", "chargeback", "vault", "pay_by_link"] as const;

export const inboxSearchParams = {
  q: parseAsSearchText(128),
  type: parseAsStringLiteral(NOTIFICATION_TYPES),
  verification: parseAsStringLiteral(VERIFICATIONS),
  state: parseAsStringLiteral(APPLY_STATES),
  before: parseAsIdBefore,
};
export const inboxList = defineListState(inboxSearchParams, listPage("webhooks"));

export const INBOX_PAGE = 50;

export const inboxListOptions = <T>(search: string) =>
  listQueryOptions<{ rows: T[]; nextBefore: string | null }>("webhooks", "/api/webhooks", search, {
    limit: String(INBOX_PAGE),
  });
