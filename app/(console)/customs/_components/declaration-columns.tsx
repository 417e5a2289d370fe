"use client";

import Link from "next/link";
import type { Column } from "@/components/data-table/types";
import type { DeclarationView } from "@/lib/declarations/view";
import { formatMoney } from "@/lib/money";
import { StateBadge } from "./state-badge";

import { amountColumn, dateColumn } from "@/components/data-table/common-columns";
import { tableOf } from "@/components/data-table/table-of";

const live = (d: DeclarationView) => d.subOrders.filter((s) => s.state !== "corrected");

// The customs list's columns, defined once. The reference opens the declaration.
export const declarationColumns: Column<DeclarationView>[] = [
  {
    id: "reference",
    header: "Reference",
    meta: { pin: "left" },
    cell: ({ row: { original: d } }) => (
      <div className="min-w-36 max-w-56 wrap-anywhere" data-testid="row-id">
        {/* Two links one above the other: each a 24 px target (WCAG 2.2 target size). */}
        <Link href={`/customs/${d.id}`} className="inline-block py-0.5 font-medium text-brand-600 hover:underline">
          {d.reference}
        </Link>
        {d.transactionId && (
          <div>
            <Link
              href={`/transactions/${encodeURIComponent(d.transactionId)}`}
              className="inline-block py-1 font-mono text-xs text-slate-500 hover:underline"
            >
              {d.transactionId}
            </Link>
          </div>
        )}
      </div>
    ),
  },
  amountColumn((d) => ({ amount: d.parentAmount, currency: d.parentCurrency })),
  {
    id: "state",
    header: "State",
    meta: { keep: true },
    cell: ({ row: { original: d } }) => (
      <span data-testid="row-status">
        <StateBadge state={d.state} />
      </span>
    ),
  },
  {
    id: "customs",
    header: "Customs",
    meta: { priority: 8 },
    cell: ({ row: { original: d } }) =>
      live(d).map((s) => (
        <div key={s.id} className="whitespace-nowrap">
          {s.customsStatus ?? "—"}
          {s.timeModified ? <span className="text-xs text-slate-500"> · {s.timeModified}</span> : null}
        </div>
      )),
  },
  {
    id: "subOrders",
    header: "Sub-orders",
    meta: { priority: 6 },
    cell: ({ row: { original: d } }) =>
      d.isSplit ? (
        live(d).map((s) => (
          <div key={s.id} className="whitespace-nowrap">
            {s.subOrderNo}{" "}
            <span className="text-slate-500">{s.orderFee !== null ? formatMoney(s.orderFee, "CNY") : ""}</span>
          </div>
        ))
      ) : (
        <span className="whitespace-nowrap text-slate-500">not split</span>
      ),
  },
  {
    id: "declareNumbers",
    header: "Declare numbers",
    meta: { priority: 5 },
    cell: ({ row: { original: d } }) => (
      <div className="font-mono text-xs">
        {live(d).map((s) => (
          <div key={s.id}>{s.declareNumber ?? "—"}</div>
        ))}
      </div>
    ),
  },
  {
    id: "vendor",
    header: "Vendor",
    meta: { priority: 4 },
    cell: ({ row: { original: d } }) => (
      <span className="whitespace-nowrap">
        {d.vendor} · {d.paymentType}
      </span>
    ),
  },
  dateColumn("declared", "Declared", (d) => d.createdAt, 3),
  { id: "location", header: "Location", meta: { priority: 2 }, cell: ({ row: { original: d } }) => d.customsLocation },
];

export const DeclarationsTable = tableOf<DeclarationView>({
  list: "declarations",
  rowTestId: "declaration",
  columns: declarationColumns,
  getRowId: (d) => d.id,
  empty: "No declarations yet.",
});
