import { parseAsStringLiteral } from "nuqs/server";
import { defineList } from "@/lib/platform/api/list-state";
import { parseAsCursor } from "@/lib/platform/api/url-parsers";
import type { z } from "zod";
import type { inboxSchema } from "./answers";
import { NOTIFICATION_KINDS } from "./kinds";

export const notificationSearchParams = {
  show: parseAsStringLiteral(["unread"] as const),
  kind: parseAsStringLiteral(NOTIFICATION_KINDS),
  cursor: parseAsCursor(),
};
export const NOTIFICATIONS_PAGE = 50;

type NotificationPage = z.output<typeof inboxSchema>;

export const notificationList = defineList<typeof notificationSearchParams, NotificationPage>(
  notificationSearchParams,
  {
    key: "notifications",
    path: "/notifications",
    api: "/api/notifications",
    fixed: { limit: String(NOTIFICATIONS_PAGE) },
  },
);
