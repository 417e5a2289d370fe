"use client";

import { DataTable } from "@/components/data-table/data-table";
import { type ApprovalRow, approvalColumns } from "./approval-columns";

export function ApprovalsTable({ rows }: { rows: ApprovalRow[] }) {
  return (
    <DataTable
      list="approvals"
      testId="pending-approvals"
      rowTestId="approval"
      columns={approvalColumns}
      data={rows}
      getRowId={(a) => a.op.id}
      empty="Nothing is waiting for approval."
    />
  );
}
