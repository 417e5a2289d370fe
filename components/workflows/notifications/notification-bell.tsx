import Link from "next/link";
import { UNREAD_SHOWN, unreadCount } from "@/lib/notifications/inbox";
import { getTranslations } from "@/lib/platform/i18n/server";
import type { Grants } from "@/lib/platform/auth/permissions";

/**
 * The header's bell (issue 35): the reader's unread count, rendered on the server with each
 * page, so it adds no script to the console's first load. It links to the notification centre.
 */
export async function NotificationBell({ userId, grants }: { userId: string; grants: Grants }) {
  const [t, count] = await Promise.all([getTranslations("notifications"), unreadCount(userId, grants)]);
  // Counted no further than one past what it shows: past it, "99+" and "more than 99".
  const many = count > UNREAD_SHOWN;
  const label = many ? t("bellMany") : t("bell", { count });
  return (
    <Link
      href="/notifications"
      data-testid="notification-bell"
      data-unread={count}
      aria-label={label}
      title={label}
      className="relative inline-flex h-9 w-9 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="h-5 w-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      {count > 0 && (
        <span className="absolute -top-0.5 -right-0.5 min-w-4 rounded-full bg-red-600 px-1 text-center text-[10px] leading-4 font-semibold text-white">
          {many ? `${UNREAD_SHOWN}+` : count}
        </span>
      )}
    </Link>
  );
}
