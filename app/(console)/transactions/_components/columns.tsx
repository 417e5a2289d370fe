import Link from "next/link";
import type { Column } from "@/components/data-table/types";
import type { LedgerListItem } from "@/lib/ledger/query";
import { formatMoney } from "@/lib/money";
import { formatDateTime } from "@/lib/format";
import { StatusBadge } from "@/components/status-badge";
import { CustomerLink } from "@/components/customers/customer-link";

// The transactions list's columns, defined once. The id is pinned; amount and status always
// show; the rest give way (lowest priority first) when the screen is narrow.
export const columns: Column<LedgerListItem>[] = [
  {
    id: "id",
    header: "Transaction id",
    meta: { pin: "left" },
    cell: ({ row }) => (
      <Link
        href={`/transactions/${encodeURIComponent(row.original.id)}`}
        className="font-mono text-xs text-brand-700 hover:underline"
        data-testid="row-id"
      >
        {row.original.id}
      </Link>
    ),
  },
  {
    id: "amount",
    header: "Amount",
    meta: { align: "right", keep: true, sortKey: "amount" },
    cell: ({ row }) => (
      <span className="whitespace-nowrap tabular-nums" data-testid="row-amount">
        {formatMoney(row.original.amount, row.original.currency)}
      </span>
    ),
  },
  {
    id: "status",
    header: "Status",
    meta: { keep: true },
    cell: ({ row }) => (
      <span data-testid="row-status">
        <StatusBadge status={row.original.status} of={row.original} />
      </span>
    ),
  },
  {
    id: "timeCreated",
    header: "Created",
    meta: { priority: 6, sortKey: "time" },
    cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.timeCreated)}</span>,
  },
  { id: "type", header: "Type", meta: { priority: 3 }, cell: ({ row }) => row.original.type },
  {
    id: "reference",
    header: "Reference",
    meta: { priority: 5 },
    cell: ({ row }) => (
      <span className="block max-w-[14rem] truncate" title={row.original.reference ?? undefined}>
        {row.original.reference ?? "—"}
      </span>
    ),
  },
  {
    id: "method",
    header: "Method",
    meta: { priority: 4 },
    cell: ({ row }) => (
      <span className="whitespace-nowrap">
        {[row.original.method, row.original.panMasked].filter(Boolean).join(" · ") || "—"}
      </span>
    ),
  },
  {
    id: "cnyAmount",
    header: "CNY",
    meta: { align: "right", priority: 2 },
    cell: ({ row }) => (
      <span className="whitespace-nowrap tabular-nums text-slate-600">
        {row.original.cnyAmount === null ? "—" : formatMoney(row.original.cnyAmount, "CNY")}
      </span>
    ),
  },
  { id: "country", header: "Country", meta: { priority: 1 }, cell: ({ row }) => row.original.country ?? "—" },
  {
    id: "consumerReference",
    header: "Consumer",
    meta: { priority: 1 },
    cell: ({ row }) => <CustomerLink reference={row.original.consumerReference} />,
  },
];

export const DEFAULT_HIDDEN = { consumerReference: false, country: false };
