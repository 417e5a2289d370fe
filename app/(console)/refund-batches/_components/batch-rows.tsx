"use client";

import Link from "next/link";
import { useMemo } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { ListPager } from "@/components/data-table/list-pager";
import type { Column } from "@/components/data-table/types";
import { useFormat, useTranslations } from "@/lib/platform/i18n/client";
import type { Format } from "@/lib/platform/i18n/format";
import type { RefundBatchRowView } from "@/lib/refund-batches/view-types";
import { labelOr } from "@/lib/ledger/status-label";

type T = ReturnType<typeof useTranslations<"refundBatches">>;
type Reasons = ReturnType<typeof useTranslations<"operations.reasons">>;

// The batch's rows, defined once: the row number pinned left, amount and outcome kept.
const rowColumns = (t: T, reasons: Reasons, f: Format): Column<RefundBatchRowView>[] => [
  { id: "row", header: t("preview.row"), meta: { pin: "left" }, cell: ({ row }) => row.original.index },
  {
    id: "charge",
    header: t("preview.charge"),
    meta: { keep: true },
    cell: ({ row: { original: r } }) =>
      r.transactionId ? (
        <div className="max-w-64">
          {/* The order's reference first, as the merchant knows the order; the provider's id under it. */}
          <Link
            className="wrap-anywhere font-medium text-brand-700 hover:underline"
            href={`/transactions/${encodeURIComponent(r.transactionId)}`}
            translate="no"
          >
            {r.chargeReference ?? r.given}
          </Link>
          {r.chargeReference && (
            <div className="whitespace-nowrap font-mono text-xs text-slate-600">{r.transactionId}</div>
          )}
        </div>
      ) : (
        <span className="font-mono text-xs">{r.given}</span>
      ),
  },
  {
    id: "amount",
    header: t("preview.amount"),
    meta: { align: "right", keep: true },
    cell: ({ row: { original: r } }) => (r.currency ? f.money(r.amount, r.currency) : ""),
  },
  {
    id: "reason",
    header: t("preview.reason"),
    cell: ({ row: { original: r } }) => (
      <div className="max-w-64" data-testid="batch-row-reason">
        {r.reason ? labelOr(reasons, r.reason, r.reason) : "—"}
        {r.note && <div className="wrap-anywhere text-xs text-slate-600">{r.note}</div>}
      </div>
    ),
  },
  {
    id: "outcome",
    header: t("batch.outcome"),
    meta: { keep: true },
    cell: ({ row: { original: r } }) => (
      <div data-testid="batch-row-outcome" data-outcome={r.outcome}>
        {t(`rowStatus.${r.outcome}`)}
        {r.failure && <div className="max-w-md text-xs text-red-700">{r.failure}</div>}
      </div>
    ),
  },
  {
    id: "refund",
    header: t("batch.refund"),
    cell: ({ row: { original: r } }) => <span className="font-mono text-xs">{r.refundId ?? r.reference ?? ""}</span>,
  },
];

/** One page of the batch's rows; `page` says which, and pages on through the rest. */
export function BatchRows({
  rows,
  page,
}: {
  rows: RefundBatchRowView[];
  page: { after: number; more: boolean; total: number; onPage: (after: number) => void };
}) {
  const t = useTranslations("refundBatches");
  const reasons = useTranslations("operations.reasons");
  const f = useFormat();
  const columns = useMemo(() => rowColumns(t, reasons, f), [t, reasons, f]);
  const hrefOf = (after: string | null) => (after ? `?after=${after}` : "?");
  const first = rows[0]?.index;
  const last = rows.at(-1)?.index;
  return (
    <div className="space-y-3">
      {first !== undefined && last !== undefined && (page.after > 0 || page.more) && (
        <p className="text-sm text-slate-600" data-testid="batch-rows-shown">
          {t("batch.rowsShown", { from: f.number(first), to: f.number(last), total: f.number(page.total) })}
        </p>
      )}
      <DataTable
        list="refund-batch-rows"
        testId="batch-rows"
        rowTestId="batch-row"
        columns={columns}
        data={rows}
        getRowId={(r) => String(r.index)}
        empty={t("batch.empty")}
      />
      <ListPager
        older={page.after > 0}
        next={page.more && last !== undefined ? String(last) : null}
        hrefOf={hrefOf}
        onPage={(after) => page.onPage(after ? Number(after) : 0)}
        firstLabel={t("batch.firstRows")}
        olderLabel={t("batch.nextRows")}
      />
    </div>
  );
}
