import { parseAsStringLiteral } from "nuqs/server";
import { defineList } from "@/lib/platform/api/list-state";
import { parseAsIdBefore, parseAsSearchText } from "@/lib/platform/api/url-parsers";
import type { NotificationView } from "./query";

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
export const INBOX_PAGE = 50;

export const inboxList = defineList<typeof inboxSearchParams, { rows: NotificationView[]; nextBefore: string | null }>(
  inboxSearchParams,
  { page: "webhooks", api: "/api/webhooks", fixed: { limit: String(INBOX_PAGE) } },
);
