import { parseAsStringLiteral } from "nuqs/server";
import { listQueryOptions } from "@/lib/platform/api/list-query";
import { defineListState } from "@/lib/platform/api/list-state";
import { parseAsCursor } from "@/lib/platform/api/url-parsers";
import { NOTIFICATION_KINDS } from "./kinds";

// The notification centre's URL state, defined once (lib/platform/api/list-state.ts).
export const notificationSearchParams = {
  show: parseAsStringLiteral(["unread"] as const),
  kind: parseAsStringLiteral(NOTIFICATION_KINDS),
  cursor: parseAsCursor(),
};
export const notificationList = defineListState(notificationSearchParams);

export const NOTIFICATIONS_PAGE = 50;

export const notificationListOptions = <T>(search: string) =>
  listQueryOptions<{ notifications: T[]; nextCursor: string | null; older: boolean; unread: number }>(
    "notifications",
    "/api/notifications",
    search,
    { limit: String(NOTIFICATIONS_PAGE) },
  );
