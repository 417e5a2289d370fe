import type { Metadata } from "next";
import { requirePageUser } from "@/lib/platform/auth/session";
import { can } from "@/lib/platform/auth/permissions";
import {
  APPLY_STATES,
  inboxFilterSchema,
  listNotifications,
  NOTIFICATION_TYPES,
  VERIFICATIONS,
} from "@/lib/webhooks/query";
import { FilterForm, FilterSelect, FilterText, Pager } from "@/components/ui/list-page";
import { getTranslations } from "@/lib/platform/i18n/server";
import { InboxTable } from "./_components/inbox-table";

import { ListSummary, pageSummary } from "@/components/data-table/list-summary";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("webhooks"))("title") };
}

export default async function WebhooksPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requirePageUser("webhooks.read");
  const filter = inboxFilterSchema.parse(await searchParams);
  const { rows, nextBefore } = await listNotifications(filter);
  const t = await getTranslations("webhooks");
  const manage = can(user.role, "webhooks.manage");

  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <p className="mt-1 text-slate-600">{t("description")}</p>
      </div>
      <FilterForm key={JSON.stringify(filter)} clearHref="/webhooks" views="webhooks">
        <FilterText label={t("filters.q")} name="q" value={filter.q} />
        <FilterSelect
          label={t("filters.type")}
          name="type"
          value={filter.type}
          options={NOTIFICATION_TYPES.map((v) => [v, t(`types.${v}`)] as const)}
        />
        <FilterSelect
          label={t("filters.verification")}
          name="verification"
          value={filter.verification}
          options={VERIFICATIONS.map((v) => [v, t(`verifications.${v}`)] as const)}
        />
        <FilterSelect
          label={t("filters.result")}
          name="state"
          value={filter.state}
          options={APPLY_STATES.map((v) => [v, t(`states.${v}`)] as const)}
        />
      </FilterForm>
      <InboxTable
        rows={rows}
        manage={manage}
        footer={
          <ListSummary
            summary={pageSummary(rows, nextBefore !== null, undefined, filter.before !== undefined)}
            noun={[t("noun.one"), t("noun.other")]}
          />
        }
      />
      <Pager
        path="/webhooks"
        filter={{ ...filter, limit: undefined }}
        param="before"
        next={nextBefore}
        olderLabel={t("older")}
      />
    </div>
  );
}
