"use client";

import Link from "next/link";
import { useMemo } from "react";
import { ListPager } from "@/components/data-table/list-pager";
import { DataTable } from "@/components/data-table/data-table";
import { usePagedList } from "@/components/data-table/use-paged-list";
import { FilterBar, FilterSelect } from "@/components/data-table/list-filters";
import { BATCH_STATUSES, refundBatchList } from "@/lib/refund-batches/search-params";
import type { Column } from "@/components/data-table/types";
import { useFormat, useTranslations } from "@/lib/platform/i18n/client";
import type { Format } from "@/lib/platform/i18n/format";
import type { RefundBatchView } from "@/lib/refund-batches/view-types";

type T = ReturnType<typeof useTranslations<"refundBatches">>;

const listColumns = (t: T, f: Format): Column<RefundBatchView>[] => [
  {
    id: "batch",
    header: t("list.batch"),
    meta: { pin: "left" },
    cell: ({ row: { original: b } }) => (
      <Link className="font-mono text-xs text-brand-600 hover:underline" href={`/refund-batches/${b.id}`}>
        {b.id.slice(0, 8)}
      </Link>
    ),
  },
  { id: "created", header: t("list.created"), cell: ({ row }) => f.dateTime(row.original.createdAt) },
  { id: "by", header: t("list.by"), cell: ({ row }) => row.original.createdBy },
  {
    id: "status",
    header: t("list.status"),
    meta: { keep: true },
    cell: ({ row }) => <span data-status={row.original.status}>{t(`status.${row.original.status}`)}</span>,
  },
  {
    id: "rows",
    header: t("list.rows"),
    meta: { align: "right" },
    cell: ({ row: { original: b } }) => `${b.counts.succeeded} / ${b.counts.total}`,
  },
  {
    id: "total",
    header: t("preview.total"),
    meta: { align: "right", keep: true },
    cell: ({ row: { original: b } }) =>
      Object.entries(b.totals)
        .map(([currency, amount]) => f.money(amount, currency))
        .join(" · "),
  },
];

/** Batches in a table: a page of the list below, or those the approvals page gives (waiting for a manager). */
export function BatchTable({
  batches,
  list,
  loading,
  busy,
}: {
  batches: RefundBatchView[];
  list: string;
  loading?: boolean;
  busy?: boolean;
}) {
  const t = useTranslations("refundBatches");
  const f = useFormat();
  const columns = useMemo(() => listColumns(t, f), [t, f]);
  return (
    <DataTable
      list={list}
      testId={list}
      rowTestId="batch"
      columns={columns}
      data={batches}
      loading={loading}
      busy={busy}
      getRowId={(b) => b.id}
      empty={t("batch.empty")}
    />
  );
}

/** Every batch, newest first, a page at a time, filtered by status from the URL. */
export function BatchList() {
  const t = useTranslations("refundBatches");
  const { query, page, pager, unpaged, filterBar } = usePagedList(refundBatchList, {
    // A batch on the page still sending moves on by itself: its counts are read again until it is final.
    refetchInterval: (q) =>
      q.state.data?.batches.some((b) => b.status === "sending" || b.status === "approved") ? 3000 : false,
  });
  const batches = page?.batches ?? [];
  return (
    <div className="space-y-2">
      {query.isError && (
        <p className="text-xs text-red-700" role="status">
          {query.error.message}
        </p>
      )}
      <FilterBar key={unpaged} {...filterBar()}>
        <FilterSelect label={t("list.status")} name="status" options={BATCH_STATUSES} text={(s) => t(`status.${s}`)} />
      </FilterBar>
      <BatchTable batches={batches} list="refund-batches" loading={query.isPending} busy={query.isFetching} />
      <ListPager {...pager()} />
    </div>
  );
}
