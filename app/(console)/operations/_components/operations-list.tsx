"use client";

import Link from "next/link";
import { amountColumn, dateColumn, statusColumn } from "@/components/data-table/common-columns";
import type { Column } from "@/components/data-table/types";
import type { OperationView } from "@/lib/operations/view";
import { StatusBadge } from "@/components/records/ledger/status-badge";
import { useMemo } from "react";
import { tableOf } from "@/components/data-table/table-of";
import { useFormat, useTranslations } from "@/lib/platform/i18n/client";
import { labelOr } from "@/lib/ledger/status-label";
import { operationMessage } from "@/lib/operations/message";
import { OPERATION_STATUSES } from "@/lib/operations/statuses";
import { operationList } from "@/lib/operations/search-params";
import { usePagedList } from "@/components/data-table/use-paged-list";
import { FilterBar, FilterSelect } from "@/components/data-table/list-filters";
import { ListPager } from "@/components/data-table/list-pager";

type T = ReturnType<typeof useTranslations<"operations">>;

function OperationSays({ op }: { op: OperationView }) {
  const words = { operations: useTranslations("operations"), paymentErrors: useTranslations("paymentErrors") };
  return <>{operationMessage(words, useFormat(), op)}</>;
}

// The operations list's columns, defined once.
const operationColumns = (t: T): Column<OperationView>[] => [
  {
    id: "operation",
    header: t("columns.operation"),
    meta: { pin: "left" },
    cell: ({ row: { original: op } }) => (
      <div data-testid="row-id">
        {labelOr(t, `kinds.${op.kind}`, op.kind)}
        <div className="font-mono text-xs text-slate-500">{op.reference}</div>
      </div>
    ),
  },
  amountColumn((op) => op, t("columns.amount")),
  statusColumn(t("columns.status"), (op) => <StatusBadge status={op.status} />),
  {
    id: "transaction",
    header: t("columns.transaction"),
    meta: { priority: 8 },
    cell: ({ row: { original: op } }) => (
      <Link
        href={`/transactions/${encodeURIComponent(op.transactionId)}`}
        className="font-mono text-xs text-brand-600 hover:underline"
      >
        {op.transactionId}
      </Link>
    ),
  },
  dateColumn("asked", t("columns.asked"), (op) => op.createdAt, 6),
  {
    id: "requestedBy",
    header: t("columns.requestedBy"),
    meta: { priority: 3 },
    cell: ({ row: { original: op } }) => <span className="text-slate-600">{op.requestedBy}</span>,
  },
  {
    id: "message",
    header: t("columns.message"),
    meta: { priority: 2 },
    cell: ({ row: { original: op } }) => (
      <span className="text-slate-600">
        <OperationSays op={op} />
      </span>
    ),
  },
];

const OperationsTable = tableOf<OperationView>(
  { list: "operations", testId: "operations-table", getRowId: (op) => op.id },
  () => {
    const t = useTranslations("operations");
    return { columns: useMemo(() => operationColumns(t), [t]), empty: t("empty") };
  },
);

/** The operations list in the browser: its filter, its page of rows and its pager, all from the URL. */
export function OperationsList() {
  const t = useTranslations("operations");
  const { query, page, pager, unpaged, filterBar, table } = usePagedList(operationList);
  // Not an empty table that looks like "no results": the page's error boundary says what failed.
  if (query.isError) throw query.error;
  return (
    <>
      <FilterBar key={unpaged} {...filterBar()}>
        <FilterSelect
          label={t("statusFilter")}
          name="status"
          options={OPERATION_STATUSES}
          text={(s) => t(`statusLabels.${s}`)}
        />
      </FilterBar>
      <OperationsTable
        {...table(page?.operations ?? [], { noun: [t("nounOne"), t("nounOther")], money: (op) => op })}
      />
      <ListPager {...pager()} />
    </>
  );
}
