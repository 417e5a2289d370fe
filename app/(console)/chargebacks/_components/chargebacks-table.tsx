"use client";

import type { ChargebackView } from "@/lib/chargebacks/query";
import { DataTable } from "@/components/data-table/data-table";
import { chargebackColumns } from "./chargeback-columns";

export function ChargebacksTable({ rows, empty }: { rows: ChargebackView[]; empty: string }) {
  return (
    <DataTable
      list="chargebacks"
      rowTestId="chargeback"
      columns={chargebackColumns}
      data={rows}
      getRowId={(c) => c.id}
      empty={empty}
    />
  );
}
