import Link from "next/link";
import type { ColumnDef } from "@tanstack/react-table";
import type { LedgerListItem } from "@/lib/ledger/query";
import { formatMoney } from "@/lib/money";
import { formatDateTime } from "@/lib/format";
import { StatusBadge } from "@/components/status-badge";
import { CustomerLink } from "@/components/customers/customer-link";

export const columns: ColumnDef<LedgerListItem>[] = [
  {
    id: "timeCreated",
    header: "Created",
    accessorKey: "timeCreated",
    enableSorting: true,
    cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.timeCreated)}</span>,
  },
  {
    id: "id",
    header: "Transaction id",
    cell: ({ row }) => (
      <Link
        href={`/transactions/${encodeURIComponent(row.original.id)}`}
        className="font-mono text-xs text-brand-700 hover:underline"
      >
        {row.original.id}
      </Link>
    ),
  },
  { id: "type", header: "Type", accessorKey: "type" },
  {
    id: "reference",
    header: "Reference",
    cell: ({ row }) => (
      <span className="block max-w-[14rem] truncate" title={row.original.reference ?? undefined}>
        {row.original.reference ?? "—"}
      </span>
    ),
  },
  { id: "status", header: "Status", cell: ({ row }) => <StatusBadge status={row.original.status} /> },
  {
    id: "method",
    header: "Method",
    cell: ({ row }) => (
      <span className="whitespace-nowrap">
        {[row.original.method, row.original.panMasked].filter(Boolean).join(" · ") || "—"}
      </span>
    ),
  },
  {
    id: "amount",
    header: "Amount",
    enableSorting: true,
    meta: { align: "right" },
    cell: ({ row }) => (
      <span className="whitespace-nowrap tabular-nums">{formatMoney(row.original.amount, row.original.currency)}</span>
    ),
  },
  {
    id: "cnyAmount",
    header: "CNY",
    meta: { align: "right" },
    cell: ({ row }) => (
      <span className="whitespace-nowrap tabular-nums text-slate-600">
        {row.original.cnyAmount === null ? "—" : formatMoney(row.original.cnyAmount, "CNY")}
      </span>
    ),
  },
  { id: "country", header: "Country", cell: ({ row }) => row.original.country ?? "—" },
  {
    id: "consumerReference",
    header: "Consumer",
    cell: ({ row }) => <CustomerLink reference={row.original.consumerReference} />,
  },
];

export const DEFAULT_HIDDEN = { consumerReference: false, country: false };
