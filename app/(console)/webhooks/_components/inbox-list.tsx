"use client";

import { FilterBar, FilterSelect, FilterText } from "@/components/data-table/list-filters";
import { ListPager } from "@/components/data-table/list-pager";
import { usePagedList } from "@/components/data-table/use-paged-list";
import { useTranslations } from "@/lib/platform/i18n/client";
import { APPLY_STATES, NOTIFICATION_TYPES, VERIFICATIONS } from "@/lib/webhooks/constants";
import { inboxList } from "@/lib/webhooks/search-params";
import { InboxTable } from "./inbox-table";

/** The inbox filtered and paged by the URL, through GET /api/webhooks; a re-apply refreshes it. */
export function InboxList({ manage }: { manage: boolean }) {
  const t = useTranslations("webhooks");
  const { query, page, unpaged, filterBar, table, pager } = usePagedList(inboxList);
  // Not an empty inbox that looks like "nothing arrived": the page's error boundary says what failed.
  if (query.isError) throw query.error;
  const rows = page?.rows ?? [];
  return (
    <>
      <FilterBar key={unpaged} {...filterBar()}>
        <FilterText label={t("filters.q")} name="q" />
        <FilterSelect
          label={t("filters.type")}
          name="type"
          options={NOTIFICATION_TYPES}
          text={(v) => t(`types.${v}`)}
        />
        <FilterSelect
          label={t("filters.verification")}
          name="verification"
          options={VERIFICATIONS}
          text={(v) => t(`verifications.${v}`)}
        />
        <FilterSelect label={t("filters.result")} name="state" options={APPLY_STATES} text={(v) => t(`states.${v}`)} />
      </FilterBar>
      <InboxTable {...table(rows, { noun: [t("noun.one"), t("noun.other")] })} manage={manage} />
      <ListPager {...pager(t("older"))} />
    </>
  );
}
