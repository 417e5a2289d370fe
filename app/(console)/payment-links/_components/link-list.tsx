"use client";

import { useMemo } from "react";
import { QrCode } from "@/components/ui/qr-code";
import { DataTable } from "@/components/data-table/data-table";
import { usePagedList } from "@/components/data-table/use-paged-list";
import { FilterBar, FilterSelect, FilterText } from "@/components/data-table/list-filters";
import { ListPager } from "@/components/data-table/list-pager";
import { useStatusLabel } from "@/components/records/ledger/status-label";
import { LINK_STATUSES } from "@/lib/payment-links/constants";
import { paymentLinkList } from "@/lib/payment-links/search-params";
import { linkColumns } from "./link-columns";
import { useFormat, useTranslations } from "@/lib/platform/i18n/client";
import { useMethodLabel } from "@/components/payments/format";

/**
 * A page of links, filtered by the URL, refreshed every few seconds while one on it waits for
 * its customer (the follow job keeps them current otherwise), and after a new link is made.
 */
export function LinkList() {
  const t = useTranslations("paymentLinks");
  const f = useFormat();
  const method = useMethodLabel();
  const status = useStatusLabel();
  const columns = useMemo(() => linkColumns({ t, f, method }), [t, f, method]);
  const { query, page, pager, unpaged, filterBar, dataTable } = usePagedList(paymentLinkList, {
    refetchInterval: (q) => (q.state.data?.links.some((l) => l.status === "initiated") ? 3000 : false),
  });
  const links = page?.links ?? [];
  return (
    <div className="space-y-2">
      {query.isError && (
        <p className="text-xs text-red-700" role="status">
          {t("checkError", { message: query.error.message })}
        </p>
      )}
      <FilterBar key={unpaged} {...filterBar()}>
        <FilterText label={t("filters.reference")} name="q" />
        <FilterSelect label={t("columns.status")} name="status" options={LINK_STATUSES} text={status} />
      </FilterBar>
      <DataTable
        list="payment-links"
        rowTestId="payment-link"
        columns={columns}
        {...dataTable(links, { noun: [t("nounOne"), t("nounOther")], money: (l) => l })}
        getRowId={(l) => l.id}
        empty={t("empty")}
        expanded={(l) => (
          <div className="flex items-center gap-4">
            <QrCode value={l.url} size={160} aria-label={t("qrFor", { reference: l.reference })} />
            <p className="text-sm text-slate-600">{t("scanToPay", { reference: l.reference })}</p>
          </div>
        )}
      />
      <ListPager {...pager()} />
    </div>
  );
}
