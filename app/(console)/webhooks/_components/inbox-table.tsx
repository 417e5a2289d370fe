"use client";

import { type ReactNode, useMemo } from "react";
import type { NotificationView } from "@/lib/webhooks/query";
import { DataTable } from "@/components/data-table/data-table";
import { useFormat, useTranslations } from "@/lib/platform/i18n/client";
import { inboxColumns, RawBody } from "./inbox-columns";
import { useOutcomeLine } from "./use-outcome-line";
import { statusLabelWith } from "@/lib/ledger/status-label";

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
  const statuses = useTranslations("statuses");
  const outcome = useOutcomeLine();
  const columns = useMemo(
    () => inboxColumns(manage, t, f, { outcome, status: (s) => statusLabelWith(statuses, s) }),
    [manage, t, f, outcome, statuses],
  );
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
