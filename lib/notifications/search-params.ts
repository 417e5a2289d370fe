import { parseAsStringLiteral } from "nuqs/server";
import { defineList } from "@/lib/platform/api/list-state";
import { parseAsCursor } from "@/lib/platform/api/url-parsers";
import type { NotificationView } from "./inbox";
import { NOTIFICATION_KINDS } from "./kinds";

export const notificationSearchParams = {
  show: parseAsStringLiteral(["unread"] as const),
  kind: parseAsStringLiteral(NOTIFICATION_KINDS),
  cursor: parseAsCursor(),
};
export const NOTIFICATIONS_PAGE = 50;

type NotificationPage = {
  notifications: NotificationView[];
  nextCursor: string | null;
  older: boolean;
  unread: number;
};

export const notificationList = defineList<typeof notificationSearchParams, NotificationPage>(
  notificationSearchParams,
  {
    key: "notifications",
    path: "/notifications",
    api: "/api/notifications",
    fixed: { limit: String(NOTIFICATIONS_PAGE) },
  },
);
