import type { Metadata } from "next";
import { requirePageUser } from "@/lib/platform/auth/session";
import { can } from "@/lib/platform/auth/permissions";
import { vaultFilterSchema } from "@/lib/vault/schemas";
import { listVault } from "@/lib/vault/list";
import { Notice } from "@/components/ui/notice";
import { FilterForm, FilterSelect, FilterText, Pager } from "@/components/ui/list-page";
import { VaultTable } from "../_components/vault-columns";
import { AddCardForm } from "../_components/add-card-form-lazy";

import { ListSummary, pageSummary } from "@/components/data-table/list-summary";
import { getTranslations } from "@/lib/platform/i18n/server";
import { statusLabelWith } from "@/lib/ledger/status-label";

const PAGE = 100;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("vault");
  return { title: t("title") };
}

export default async function VaultPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requirePageUser("vault.read");
  const [t, ts] = await Promise.all([getTranslations("vault"), getTranslations("statuses")]);
  const { limit: _limit, ...filter } = vaultFilterSchema.parse(await searchParams);
  const { tokens, nextCursor, older, brands, syncError, syncErrorKey } = await listVault({ ...filter, limit: PAGE });
  // The service's explained reason in the reader's language; another one as the service said it.
  const syncKey = syncErrorKey ? (`sync.${syncErrorKey}` as const) : null;
  const why = syncKey && t.has(syncKey as never) ? t(syncKey as never) : syncError;

  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <p className="mt-1 text-slate-600">{t("description")}</p>
      </div>
      {syncError && (
        <Notice tone="warning" testId="vault-sync-error">
          {why} {t("syncFallback")}
        </Notice>
      )}
      {can(user.role, "vault.manage") && <AddCardForm />}
      <FilterForm key={JSON.stringify({ ...filter, cursor: undefined })} clearHref="/vault" views="vault">
        <FilterText label={t("filters.q")} name="q" value={filter.q} />
        <FilterSelect
          label={t("filters.status")}
          name="status"
          value={filter.status}
          options={(["active", "deleted"] as const).map((s) => [s, statusLabelWith(ts, s)] as const)}
        />
        <FilterSelect label={t("filters.brand")} name="brand" value={filter.brand} options={brands} />
      </FilterForm>
      <VaultTable
        rows={tokens}
        footer={
          <ListSummary
            summary={pageSummary(tokens, nextCursor !== null, undefined, older)}
            noun={[t("nounOne"), t("nounOther")]}
          />
        }
        empty={filter.q || filter.status || filter.brand ? t("emptyFiltered") : t("empty")}
      />
      <Pager path="/vault" filter={filter} next={nextCursor} older={older} />
    </div>
  );
}
