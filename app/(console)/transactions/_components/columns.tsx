import Link from "next/link";
import { statusColumn } from "@/components/data-table/common-columns";
import type { Column } from "@/components/data-table/types";
import { ID_TEXT } from "@/components/data-table/cell-class";
import type { LedgerListItem } from "@/lib/ledger/query";
import { StatusBadge } from "@/components/records/ledger/status-badge";
import { CustomerLink } from "@/components/records/customers/customer-link";
import { DateTime, MethodName, Money } from "@/components/payments/format";
import { labelOr } from "@/lib/ledger/status-label";
import type { useTranslations } from "@/lib/platform/i18n/client";

type T = ReturnType<typeof useTranslations<"transactions">>;

// The transactions list's columns, defined once. The id is pinned; amount and status always
// show; the rest give way (lowest priority first) when the screen is narrow.
export const columnsFor = (t: T): Column<LedgerListItem>[] => [
  {
    id: "id",
    header: t("list.columns.id"),
    meta: { pin: "left" },
    cell: ({ row }) => (
      <Link
        href={`/transactions/${encodeURIComponent(row.original.id)}`}
        className={`font-mono text-xs text-brand-700 hover:underline ${ID_TEXT}`}
        data-testid="row-id"
      >
        {row.original.id}
      </Link>
    ),
  },
  {
    id: "amount",
    header: t("list.columns.amount"),
    meta: { align: "right", keep: true, sortKey: "amount" },
    cell: ({ row }) => (
      <span className="whitespace-nowrap tabular-nums" data-testid="row-amount">
        <Money minor={row.original.amount} currency={row.original.currency} />
      </span>
    ),
  },
  statusColumn(t("list.columns.status"), (row) => <StatusBadge status={row.status} of={row} />),
  {
    id: "timeCreated",
    header: t("list.columns.created"),
    meta: { priority: 6, sortKey: "time" },
    cell: ({ row }) => (
      <span className="whitespace-nowrap">
        <DateTime at={row.original.timeCreated} />
      </span>
    ),
  },
  {
    id: "type",
    header: t("list.columns.type"),
    meta: { priority: 7 },
    cell: ({ row }) => labelOr(t, `types.${row.original.type}`, row.original.type),
  },
  {
    id: "reference",
    header: t("list.columns.reference"),
    meta: { priority: 8 },
    cell: ({ row }) => (
      <span className="block max-w-[14rem] truncate" title={row.original.reference ?? undefined}>
        {row.original.reference ?? "—"}
      </span>
    ),
  },
  {
    id: "method",
    header: t("list.columns.method"),
    meta: { priority: 4 },
    cell: ({ row }) => (
      <span className="whitespace-nowrap">
        {row.original.method ? <MethodName method={row.original.method} /> : null}
        {row.original.method && row.original.panMasked ? " · " : null}
        {row.original.panMasked}
        {!row.original.method && !row.original.panMasked ? "—" : null}
      </span>
    ),
  },
  {
    id: "cnyAmount",
    header: t("list.columns.cny"),
    meta: { align: "right", priority: 2 },
    cell: ({ row }) => (
      <span className="whitespace-nowrap tabular-nums text-slate-600">
        {row.original.cnyAmount === null ? "—" : <Money minor={row.original.cnyAmount} currency="CNY" />}
      </span>
    ),
  },
  {
    id: "country",
    header: t("list.columns.country"),
    meta: { priority: 1 },
    cell: ({ row }) => row.original.country ?? "—",
  },
  {
    id: "consumerReference",
    header: t("list.columns.consumer"),
    meta: { priority: 1 },
    cell: ({ row }) => <CustomerLink reference={row.original.consumerReference} />,
  },
];

export const DEFAULT_HIDDEN = { consumerReference: false, country: false };
