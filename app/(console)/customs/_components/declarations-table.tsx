"use client";

import type { DeclarationView } from "@/lib/declarations/view";
import { DataTable } from "@/components/data-table/data-table";
import { declarationColumns } from "./declaration-columns";

export function DeclarationsTable({ rows, empty }: { rows: DeclarationView[]; empty: string }) {
  return (
    <DataTable
      list="declarations"
      rowTestId="declaration"
      columns={declarationColumns}
      data={rows}
      getRowId={(d) => d.id}
      empty={empty}
    />
  );
}
