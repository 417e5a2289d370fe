"use client";

import { DataTable } from "@/components/data-table/data-table";
import { type AuditRowView, auditColumns } from "./audit-columns";

export function AuditTable({ rows }: { rows: AuditRowView[] }) {
  return (
    <DataTable
      list="audit"
      testId="audit-table"
      columns={auditColumns}
      data={rows}
      getRowId={(r) => r.id}
      empty="No entries match these filters."
    />
  );
}
