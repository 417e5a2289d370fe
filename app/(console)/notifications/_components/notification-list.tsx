"use client";

import Link from "next/link";
import { useMemo } from "react";
import { DataTable } from "@/components/data-table/data-table";
import type { Column } from "@/components/data-table/types";
import { usePagedList } from "@/components/data-table/use-paged-list";
import { FilterBar, FilterSelect } from "@/components/data-table/list-filters";
import { ListPager } from "@/components/data-table/list-pager";
import { useFormat, useTranslations } from "@/lib/platform/i18n/client";
import type { Format } from "@/lib/platform/i18n/format";
import { NOTIFICATION_KINDS } from "@/lib/notifications/kinds";
import type { NotificationView } from "@/lib/notifications/inbox";
import { notificationList } from "@/lib/notifications/search-params";
import { MarkRead } from "./mark-read";

type T = ReturnType<typeof useTranslations<"notifications">>;

const columns = (t: T, f: Format): Column<NotificationView>[] => [
  {
    id: "notice",
    header: t("list.notice"),
    meta: { keep: true },
    cell: ({ row: { original: n } }) => (
      <div className="min-w-0 whitespace-normal" data-read={n.read} data-kind={n.kind}>
        <p className={n.read ? "text-slate-700" : "font-semibold"}>
          {!n.read && <span className="sr-only">{t("unread")}: </span>}
          {n.subject}
        </p>
        <p className="text-sm text-slate-600">{n.body}</p>
      </div>
    ),
  },
  { id: "received", header: t("list.received"), cell: ({ row }) => f.dateTime(row.original.createdAt) },
  {
    id: "actions",
    header: t("list.actions"),
    meta: { pin: "right", keep: true },
    cell: ({ row: { original: n } }) => (
      <div className="flex items-center justify-end gap-3">
        {n.link && (
          <Link className="text-sm text-brand-600 hover:underline" href={n.link}>
            {t("open")}
          </Link>
        )}
        {!n.read && <MarkRead id={n.id} />}
      </div>
    ),
  },
];

/**
 * The reader's notices, newest first, a page at a time, filtered from the URL to the unread or
 * one kind; marking one read reads the page and the bell again.
 */
export function NotificationList() {
  const t = useTranslations("notifications");
  const f = useFormat();
  const cols = useMemo(() => columns(t, f), [t, f]);
  const { query, page, pager, unpaged, filterBar, dataTable } = usePagedList(notificationList);
  const notices = page?.notifications ?? [];
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <FilterBar key={unpaged} {...filterBar()}>
          <FilterSelect label={t("list.show")} name="show" options={[["unread", t("list.unreadOnly")]]} />
          <FilterSelect
            label={t("list.kind")}
            name="kind"
            options={NOTIFICATION_KINDS}
            text={(k) => t(`preferences.kinds.${k}`)}
          />
        </FilterBar>
        {(page?.unread ?? 0) > 0 && <MarkRead all />}
      </div>
      {query.isError && (
        <p className="text-xs text-red-700" role="status">
          {query.error.message}
        </p>
      )}
      <DataTable
        list="notifications"
        testId="notifications"
        rowTestId="notification"
        columns={cols}
        {...dataTable(notices)}
        getRowId={(n) => n.id}
        empty={t("empty")}
      />
      <ListPager {...pager()} />
    </div>
  );
}
