"use client";

import { TOKEN_STATUSES, vaultList } from "@/lib/vault/search-params";
import { usePagedList } from "@/components/data-table/use-paged-list";
import { FilterBar, FilterSelect, FilterText } from "@/components/data-table/list-filters";
import { ListPager } from "@/components/data-table/list-pager";
import { Notice } from "@/components/ui/notice";
import { useStatusLabel } from "@/components/records/ledger/status-label";
import { useFormat, useTranslations } from "@/lib/platform/i18n/client";
import { VaultTable } from "./vault-columns";

/** The stored cards in the browser: the service's sync warning, the filters, a page of tokens and its pager. */
export function VaultList() {
  const t = useTranslations("vault");
  const status = useStatusLabel();
  const f = useFormat();
  const { state, query, page, pager, unpaged, filterBar, table } = usePagedList(vaultList);
  // Not an empty vault that looks like "no cards": the page's error boundary says what failed.
  if (query.isError) throw query.error;
  const tokens = page?.tokens ?? [];
  // The service's explained reason in the reader's language; another one as the service said it.
  const syncKey = page?.syncErrorKey ? (`sync.${page.syncErrorKey}` as const) : null;
  const why = syncKey && t.has(syncKey as never) ? t(syncKey as never) : page?.syncError;
  return (
    <>
      {page?.syncError && (
        <Notice tone="warning" testId="vault-sync-error">
          {why}
          {f.sentenceGap}
          {t("syncFallback")}
        </Notice>
      )}
      <FilterBar key={unpaged} {...filterBar()}>
        <FilterText label={t("filters.q")} name="q" />
        <FilterSelect label={t("filters.status")} name="status" options={TOKEN_STATUSES} text={status} />
        <FilterSelect label={t("filters.brand")} name="brand" options={page?.brands ?? []} />
      </FilterBar>
      <VaultTable
        {...table(tokens, { noun: [t("nounOne"), t("nounOther")] })}
        empty={state.q || state.status || state.brand ? t("emptyFiltered") : t("empty")}
      />
      <ListPager {...pager()} />
    </>
  );
}
