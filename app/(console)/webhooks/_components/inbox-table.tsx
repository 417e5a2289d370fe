"use client";

import type { ReactNode } from "react";
import type { NotificationView } from "@/lib/webhooks/query";
import { DataTable } from "@/components/data-table/data-table";
import { inboxColumns, RawBody } from "./inbox-columns";

export function InboxTable({
  rows,
  manage,
  footer,
}: {
  rows: NotificationView[];
  manage: boolean;
  footer?: ReactNode;
}) {
  return (
    <DataTable
      list="inbox"
      rowTestId="notification"
      columns={inboxColumns(manage)}
      data={rows}
      getRowId={(n) => n.id}
      empty="No notifications match these filters."
      expanded={(n) => <RawBody n={n} />}
      footer={footer}
    />
  );
}
