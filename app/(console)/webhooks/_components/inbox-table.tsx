"use client";

import { type ReactNode, useMemo } from "react";
import type { NotificationView } from "@/lib/webhooks/query";
import { DataTable } from "@/components/data-table/data-table";
import { useFormat, useTranslations } from "@/lib/platform/i18n/client";
import { inboxColumns, RawBody } from "./inbox-columns";

export function InboxTable({
  rows,
  manage,
  loading,
  busy,
  footer,
}: {
  rows: NotificationView[];
  manage: boolean;
  loading?: boolean;
  busy?: boolean;
  footer?: ReactNode;
}) {
  const t = useTranslations("webhooks");
  const f = useFormat();
  const columns = useMemo(() => inboxColumns(manage, t, f), [manage, t, f]);
  return (
    <DataTable
      list="inbox"
      rowTestId="notification"
      columns={columns}
      data={rows}
      getRowId={(n) => n.id}
      loading={loading}
      busy={busy}
      empty={t("empty")}
      expanded={(n) => <RawBody n={n} />}
      footer={footer}
    />
  );
}
