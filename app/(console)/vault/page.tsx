import type { Metadata } from "next";
import { requirePageUser } from "@/lib/auth/session";
import { can } from "@/lib/auth/permissions";
import { vaultFilterSchema } from "@/lib/vault/schemas";
import { listVault } from "@/lib/vault/service";
import { Notice } from "@/components/ui/notice";
import { FilterForm, FilterSelect, FilterText } from "@/components/ui/list-page";
import { VaultTable } from "./_components/vault-columns";
import { AddCardForm } from "./_components/add-card-form";

import { ListSummary, pageSummary } from "@/components/data-table/list-summary";

// listVault returns at most this many; a full page may have more behind it.
const VAULT_PAGE = 500;

export const metadata: Metadata = { title: "Vault" };

export default async function VaultPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requirePageUser("vault.read");
  const filter = vaultFilterSchema.parse(await searchParams);
  const { tokens, brands, syncError } = await listVault(filter);

  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-2xl font-semibold">Vault</h1>
        <p className="mt-1 text-slate-600">
          Cards stored with the payment service, to charge again without handling card data. The console keeps only the
          masked number.
        </p>
      </div>
      {syncError && (
        <Notice tone="warning" testId="vault-sync-error">
          {syncError} Showing the tokens the console already knows.
        </Notice>
      )}
      {can(user.role, "vault.manage") && <AddCardForm />}
      <FilterForm key={JSON.stringify(filter)} clearHref="/vault" views="vault">
        <FilterText label="Token, reference, consumer or last 4" name="q" value={filter.q} />
        <FilterSelect label="Status" name="status" value={filter.status} options={["active", "deleted"]} />
        <FilterSelect label="Brand" name="brand" value={filter.brand} options={brands} />
      </FilterForm>
      <VaultTable
        rows={tokens}
        footer={
          <ListSummary
            summary={pageSummary(tokens, tokens.length >= VAULT_PAGE)}
            noun={["stored card", "stored cards"]}
          />
        }
        empty={`No stored cards${filter.q || filter.status || filter.brand ? " match these filters" : " yet"}.`}
      />
    </div>
  );
}
