"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMemo } from "react";
import { ListPager } from "@/components/data-table/list-pager";
import { DataTable } from "@/components/data-table/data-table";
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

/** The newest batches, or those waiting for a manager (the approvals page); `pager`: older ones follow. */
export function BatchList({
  batches,
  list,
  pager,
}: {
  batches: RefundBatchView[];
  list: string;
  /** On the batches page: whether this is an older page, and whether older batches follow this one. */
  pager?: { older: boolean; more: boolean };
}) {
  const t = useTranslations("refundBatches");
  const f = useFormat();
  const router = useRouter();
  const columns = useMemo(() => listColumns(t, f), [t, f]);
  const hrefOf = (before: string | null) => (before ? `/refund-batches?before=${before}` : "/refund-batches");
  return (
    <div className="space-y-3">
      <DataTable
        list={list}
        testId={list}
        rowTestId="batch"
        columns={columns}
        data={batches}
        getRowId={(b) => b.id}
        empty={t("batch.empty")}
      />
      {pager && (
        <ListPager
          older={pager.older}
          next={pager.more ? (batches.at(-1)?.id ?? null) : null}
          hrefOf={hrefOf}
          onPage={(before) => router.push(hrefOf(before))}
        />
      )}
    </div>
  );
}
