"use client";

import Link from "next/link";
import type { Column } from "@/components/data-table/types";
import type { TokenView } from "@/lib/vault/service";
import { CustomerLink } from "@/components/customers/customer-link";

import { dateColumn } from "@/components/data-table/common-columns";
import { tableOf } from "@/components/data-table/table-of";

const consumer = (t: TokenView) => {
  const who = [t.consumerName, t.consumerEmail].filter(Boolean).join(" · ");
  if (!t.consumerReference) return who || "—";
  return (
    <>
      {who && `${who} · `}
      <CustomerLink reference={t.consumerReference} />
    </>
  );
};

// The vault list's columns, defined once: the card pinned left, its token (the way in) pinned right.
export const vaultColumns: Column<TokenView>[] = [
  {
    id: "card",
    header: "Card",
    meta: { pin: "left" },
    cell: ({ row: { original: t } }) => (
      <span className="whitespace-nowrap" data-testid="row-id">
        <span className="capitalize">{t.brand ?? t.method ?? "—"}</span>{" "}
        <span className="font-mono">{t.panMasked ?? ""}</span>
      </span>
    ),
  },
  {
    id: "status",
    header: "Status",
    meta: { keep: true },
    cell: ({ row: { original: t } }) => (
      <span
        className={`rounded-full px-2 py-0.5 text-xs font-medium ${t.status === "active" ? "bg-emerald-50 text-emerald-700" : "bg-slate-100 text-slate-500"}`}
        data-testid="row-status"
      >
        {t.status}
      </span>
    ),
  },
  { id: "expiry", header: "Expiry", meta: { priority: 8 }, cell: ({ row: { original: t } }) => t.expiry ?? "—" },
  { id: "consumer", header: "Consumer", meta: { priority: 9 }, cell: ({ row: { original: t } }) => consumer(t) },
  {
    id: "reference",
    header: "Reference",
    meta: { priority: 6 },
    cell: ({ row: { original: t } }) => <span className="block min-w-36 wrap-anywhere">{t.reference ?? "—"}</span>,
  },
  dateColumn("created", "Created", (t) => t.timeCreated, 4),
  {
    id: "token",
    header: "Token",
    meta: { pin: "right" },
    cell: ({ row: { original: t } }) => (
      <Link
        href={`/vault/${encodeURIComponent(t.token)}`}
        className="font-mono text-xs text-brand-600 hover:underline"
        data-testid="row-actions"
        title="Open the stored card"
      >
        {t.token}
      </Link>
    ),
  },
];

export const VaultTable = tableOf<TokenView>({
  list: "vault",
  rowTestId: "vault-token",
  columns: vaultColumns,
  getRowId: (t) => t.token,
  empty: "No stored cards yet.",
});
