import type { Metadata } from "next";
import Link from "next/link";
import { requirePageUser } from "@/lib/auth/session";
import { can } from "@/lib/auth/permissions";
import { formatDateTime } from "@/lib/format";
import { vaultFilterSchema } from "@/lib/vault/schemas";
import { listVault } from "@/lib/vault/service";
import { Notice } from "@/components/ui/notice";
import { AddCardForm } from "./_components/add-card-form";

export const metadata: Metadata = { title: "Vault" };

export default async function VaultPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requirePageUser("vault.read");
  const filter = vaultFilterSchema.parse(await searchParams);
  const { tokens, brands, syncError } = await listVault(filter);
  const field = "mt-1 rounded-md border border-slate-300 px-2 py-1.5";

  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-2xl font-semibold">Vault</h1>
        <p className="mt-1 text-slate-600">Cards stored with the payment service, to charge again without handling card data. The console keeps only the masked number.</p>
      </div>
      {syncError && <Notice tone="warning" testId="vault-sync-error">{syncError} Showing the tokens the console already knows.</Notice>}
      {can(user.role, "vault.manage") && <AddCardForm />}
      <form className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4 text-sm" method="get">
        <label className="flex flex-col">Token, reference, consumer or last 4<input name="q" defaultValue={filter.q} className={field} /></label>
        <label className="flex flex-col">Status
          <select name="status" defaultValue={filter.status ?? ""} className={field}><option value="">Any</option><option value="active">active</option><option value="deleted">deleted</option></select>
        </label>
        <label className="flex flex-col">Brand
          <select name="brand" defaultValue={filter.brand ?? ""} className={field}><option value="">Any</option>{brands.map((b) => <option key={b} value={b}>{b}</option>)}</select>
        </label>
        <button className="rounded-md bg-brand-600 px-3 py-1.5 font-medium text-white">Filter</button>
        <Link href="/vault" className="px-2 py-1.5 text-slate-600 hover:underline">Clear</Link>
      </form>
      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full text-sm" data-testid="vault">
          <thead className="bg-slate-50 text-left text-slate-600">
            <tr>{["Card", "Expiry", "Status", "Reference", "Consumer", "Created", "Token"].map((h) => <th key={h} className="px-3 py-2 font-medium">{h}</th>)}</tr>
          </thead>
          <tbody>
            {tokens.length === 0 && <tr><td colSpan={7} className="px-3 py-8 text-center text-slate-500">No stored cards{filter.q || filter.status || filter.brand ? " match these filters" : " yet"}.</td></tr>}
            {tokens.map((t) => (
              <tr key={t.token} className="border-t border-slate-100" data-testid="vault-token">
                <td className="px-3 py-2"><span className="capitalize">{t.brand ?? t.method ?? "—"}</span> <span className="font-mono">{t.panMasked ?? ""}</span></td>
                <td className="px-3 py-2">{t.expiry ?? "—"}</td>
                <td className="px-3 py-2"><span className={`rounded-full px-2 py-0.5 text-xs font-medium ${t.status === "active" ? "bg-emerald-50 text-emerald-700" : "bg-slate-100 text-slate-500"}`}>{t.status}</span></td>
                <td className="px-3 py-2">{t.reference ?? "—"}</td>
                <td className="px-3 py-2">{t.consumerName ?? ""}{t.consumerEmail ? ` · ${t.consumerEmail}` : ""}{t.consumerReference ? ` · ${t.consumerReference}` : ""}{!t.consumerName && !t.consumerEmail && !t.consumerReference ? "—" : ""}</td>
                <td className="whitespace-nowrap px-3 py-2">{formatDateTime(t.timeCreated)}</td>
                <td className="px-3 py-2"><Link href={`/vault/${encodeURIComponent(t.token)}`} className="font-mono text-xs text-brand-600 hover:underline">{t.token}</Link></td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
