"use client";

import Link from "next/link";
import { FilterBar, FilterSelect, FilterText } from "@/components/data-table/list-filters";
import { ExportLink, ListPager, listHref } from "@/components/data-table/list-pager";
import { usePagedList } from "@/components/data-table/use-paged-list";
import { VENDORS } from "@/lib/customs/constants";
import { customsStatusLabel, stateLabel, vendorLabel } from "@/lib/customs/explain";
import { CUSTOMS_STATUSES, SUB_ORDER_STATES } from "@/lib/declarations/constants";
import { declarationList } from "@/lib/declarations/search-params";
import { useTranslations } from "@/lib/platform/i18n/client";
import { BulkUpload } from "./bulk-upload-lazy";
import { MerchantGap } from "./merchant-gap";
import { declaredCny } from "@/lib/declarations/status";
import type { MerchantCustomsGap } from "@/lib/declarations/merchant-customs-gap";
import { DeclarationsTable } from "./declaration-columns";
import { PageHeader } from "@/components/ui/page-header";

/**
 * The customs list in the browser: the export of what is filtered, the bulk upload for those
 * who declare, the filters, a page of declarations and its pager, from the query the page
 * prefetched; a filter or a page is a URL change and a fetch of the list's route, not a server
 * render, and a bulk declaration refreshes the list's query.
 */
export function DeclarationList({
  canDeclare,
  merchant,
}: {
  canDeclare: boolean;
  /** What Settings lacks of the merchant's customs code and name, and whether this person may set it. */
  merchant: { gap: MerchantCustomsGap; canSet: boolean };
}) {
  const t = useTranslations("customs");
  const { state, query, page, pager, unpaged, filterBar, table } = usePagedList(declarationList);
  // Not an empty list that looks like "no declarations": the section's error boundary says what failed.
  if (query.isError) throw query.error;
  const rows = page?.declarations ?? [];
  const filtered = !!(state.q || state.vendor || state.state || state.customsStatus);
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <PageHeader title={t("list.heading")}>{t("list.intro")}</PageHeader>
        <div className="flex gap-2">
          <ExportLink href={listHref("/api/customs/declarations/export.csv", unpaged)} testId="export-declarations">
            {t("list.export")}
          </ExportLink>
          {canDeclare && (
            <Link
              href="/customs/new"
              className="rounded-md bg-brand-600 px-3 py-2 text-sm font-medium text-white hover:bg-brand-700"
            >
              {t("list.new")}
            </Link>
          )}
        </div>
      </div>
      {canDeclare && <MerchantGap {...merchant} />}
      {canDeclare && <BulkUpload blocked={!!merchant.gap} />}
      <FilterBar key={unpaged} {...filterBar()}>
        <FilterText label={t("list.filterQ")} name="q" />
        <FilterSelect label={t("list.filterVendor")} name="vendor" options={VENDORS} text={(v) => vendorLabel(t, v)} />
        <FilterSelect
          label={t("list.filterState")}
          name="state"
          options={SUB_ORDER_STATES}
          text={(s) => stateLabel(t, s)}
        />
        <FilterSelect
          label={t("list.filterCustomsStatus")}
          name="customsStatus"
          options={CUSTOMS_STATUSES}
          text={(c) => customsStatusLabel(t, c)}
        />
      </FilterBar>
      <DeclarationsTable
        {...table(rows, {
          noun: [t("list.nounOne"), t("list.nounOther")],
          money: (d) => ({ amount: declaredCny(d), currency: "CNY" }),
          basis: "declared",
        })}
        empty={filtered ? t("list.emptyFiltered") : t("list.empty")}
      />
      <ListPager {...pager()} />
    </div>
  );
}
