"use client";

import type { TokenView } from "@/lib/vault/service";
import { DataTable } from "@/components/data-table/data-table";
import { vaultColumns } from "./vault-columns";

export function VaultTable({ rows, empty }: { rows: TokenView[]; empty: string }) {
  return (
    <DataTable
      list="vault"
      rowTestId="vault-token"
      columns={vaultColumns}
      data={rows}
      getRowId={(t) => t.token}
      empty={empty}
    />
  );
}
