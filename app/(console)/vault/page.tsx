import type { Metadata } from "next";
import Link from "next/link";
import { requirePageUser } from "@/lib/auth/session";
import { can } from "@/lib/auth/permissions";
import { formatDateTime } from "@/lib/format";
import { vaultFilterSchema } from "@/lib/vault/schemas";
import { listVault } from "@/lib/vault/service";
import { Notice } from "@/components/ui/notice";
import { FilterForm, FilterSelect, FilterText, ListTable } from "@/components/ui/list-page";
import { AddCardForm } from "./_components/add-card-form";
import { CustomerLink } from "@/components/customers/customer-link";

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
      <FilterForm clearHref="/vault">
        <FilterText label="Token, reference, consumer or last 4" name="q" value={filter.q} />
        <FilterSelect label="Status" name="status" value={filter.status} options={["active", "deleted"]} />
        <FilterSelect label="Brand" name="brand" value={filter.brand} options={brands} />
      </FilterForm>
      <ListTable
        testId="vault"
        headers={["Card", "Expiry", "Status", "Reference", "Consumer", "Created", "Token"]}
        empty={
          tokens.length === 0
            ? `No stored cards${filter.q || filter.status || filter.brand ? " match these filters" : " yet"}.`
            : null
        }
      >
        {tokens.map((t) => (
          <tr key={t.token} className="border-t border-slate-100" data-testid="vault-token">
            <td className="px-3 py-2">
              <span className="capitalize">{t.brand ?? t.method ?? "—"}</span>{" "}
              <span className="font-mono">{t.panMasked ?? ""}</span>
            </td>
            <td className="px-3 py-2">{t.expiry ?? "—"}</td>
            <td className="px-3 py-2">
              <span
                className={`rounded-full px-2 py-0.5 text-xs font-medium ${t.status === "active" ? "bg-emerald-50 text-emerald-700" : "bg-slate-100 text-slate-500"}`}
              >
                {t.status}
              </span>
            </td>
            <td className="px-3 py-2">{t.reference ?? "—"}</td>
            <td className="px-3 py-2">
              {t.consumerName ?? ""}
              {t.consumerEmail ? ` · ${t.consumerEmail}` : ""}
              {t.consumerReference ? " · " : ""}
              {t.consumerReference && <CustomerLink reference={t.consumerReference} />}
              {!t.consumerName && !t.consumerEmail && !t.consumerReference ? "—" : ""}
            </td>
            <td className="whitespace-nowrap px-3 py-2">{formatDateTime(t.timeCreated)}</td>
            <td className="px-3 py-2">
              <Link
                href={`/vault/${encodeURIComponent(t.token)}`}
                className="font-mono text-xs text-brand-600 hover:underline"
              >
                {t.token}
              </Link>
            </td>
          </tr>
        ))}
      </ListTable>
    </div>
  );
}
