"use client";

import { ListSummary, pageSummary } from "@/components/data-table/list-summary";
import { FilterBar, FilterSelect, FilterText } from "@/components/data-table/list-filters";
import { ListPager, listHref } from "@/components/data-table/list-pager";
import { useList } from "@/components/data-table/use-list";
import { useTranslations } from "@/lib/platform/i18n/client";
import type { NotificationView } from "@/lib/webhooks/query";
import {
  APPLY_STATES,
  inboxList,
  inboxListOptions,
  NOTIFICATION_TYPES,
  VERIFICATIONS,
} from "@/lib/webhooks/search-params";
import { InboxTable } from "./inbox-table";

/** The inbox filtered and paged by the URL, through GET /api/webhooks; a re-apply refreshes it. */
export function InboxList({ manage }: { manage: boolean }) {
  const t = useTranslations("webhooks");
  const { state, setState, query, unpaged, filterBar } = useList(inboxList, inboxListOptions<NotificationView>);
  // Not an empty inbox that looks like "nothing arrived": the page's error boundary says what failed.
  if (query.isError) throw query.error;
  const page = query.data;
  const rows = page?.rows ?? [];
  const older = state.before !== null;
  return (
    <>
      <FilterBar key={unpaged} {...filterBar(["q", "type", "verification", "state"])} views="webhooks">
        <FilterText label={t("filters.q")} name="q" value={state.q} />
        <FilterSelect
          label={t("filters.type")}
          name="type"
          value={state.type}
          options={NOTIFICATION_TYPES.map((v) => [v, t(`types.${v}`)] as const)}
        />
        <FilterSelect
          label={t("filters.verification")}
          name="verification"
          value={state.verification}
          options={VERIFICATIONS.map((v) => [v, t(`verifications.${v}`)] as const)}
        />
        <FilterSelect
          label={t("filters.result")}
          name="state"
          value={state.state}
          options={APPLY_STATES.map((v) => [v, t(`states.${v}`)] as const)}
        />
      </FilterBar>
      <InboxTable
        rows={rows}
        manage={manage}
        loading={query.isPending}
        busy={query.isFetching}
        footer={
          page && (
            <ListSummary
              summary={pageSummary(rows, page.nextBefore !== null, undefined, older)}
              noun={[t("noun.one"), t("noun.other")]}
            />
          )
        }
      />
      <ListPager
        older={older}
        next={page?.nextBefore ?? null}
        hrefOf={(before) => listHref("/webhooks", inboxList.search({ ...state, before }))}
        onPage={(before) => void setState({ before })}
        olderLabel={t("older")}
      />
    </>
  );
}
