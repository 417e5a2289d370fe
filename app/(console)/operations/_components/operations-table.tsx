"use client";

import type { OperationView } from "@/lib/operations/view";
import { DataTable } from "@/components/data-table/data-table";
import { operationColumns } from "./operations-columns";

export function OperationsTable({ rows }: { rows: OperationView[] }) {
  return (
    <DataTable
      list="operations"
      testId="operations-table"
      columns={operationColumns}
      data={rows}
      getRowId={(op) => op.id}
      empty="No operations match this filter."
    />
  );
}
