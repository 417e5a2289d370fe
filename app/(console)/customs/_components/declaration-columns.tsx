"use client";

import Link from "next/link";
import { amountColumn, statusColumn } from "@/components/data-table/common-columns";
import { useMemo } from "react";
import type { Column } from "@/components/data-table/types";
import { tableOf } from "@/components/data-table/table-of";
import { type CustomsT, customsStatusLabel, paymentTypeLabel, stateLabel, vendorLabel } from "@/lib/customs/explain";
import type { DeclarationView } from "@/lib/declarations/view";
import type { Format } from "@/lib/platform/i18n/format";
import { useFormat, useTranslations } from "@/lib/platform/i18n/client";
import { StateBadge } from "./state-badge";

const live = (d: DeclarationView) => d.subOrders.filter((s) => s.state !== "corrected");

// The customs list's columns, defined once, in the reader's words, times and money. The
// reference opens the declaration.
export function declarationColumns(t: CustomsT, f: Format): Column<DeclarationView>[] {
  return [
    {
      id: "reference",
      header: t("columns.reference"),
      meta: { pin: "left" },
      cell: ({ row: { original: d } }) => (
        <div className="min-w-36 max-w-56 break-words" data-testid="row-id">
          {/* Two links one above the other: each a 24 px target (WCAG 2.2 target size). */}
          <Link href={`/customs/${d.id}`} className="inline-block py-0.5 font-medium text-brand-600 hover:underline">
            {d.reference}
          </Link>
          {d.transactionId && (
            <div>
              <Link
                href={`/transactions/${encodeURIComponent(d.transactionId)}`}
                className="inline-block whitespace-nowrap py-1 font-mono text-xs text-slate-600 hover:underline"
              >
                {d.transactionId}
              </Link>
            </div>
          )}
        </div>
      ),
    },
    amountColumn((d) => ({ amount: d.parentAmount, currency: d.parentCurrency }), t("columns.amount")),
    statusColumn(t("columns.state"), (d) => <StateBadge state={d.status} label={stateLabel(t, d.status)} />, {
      id: "state",
    }),
    {
      id: "customs",
      header: t("columns.customs"),
      meta: { priority: 8 },
      cell: ({ row: { original: d } }) =>
        live(d).map((s) => (
          <div key={s.id} className={`whitespace-nowrap ${s.status === "rejected" ? "font-medium text-red-700" : ""}`}>
            {customsStatusLabel(t, s.customsStatus)}
            {s.timeModified ? (
              <span className="text-xs text-slate-500">
                {" "}
                · {s.modifiedAt ? f.dateTime(s.modifiedAt) : s.timeModified}
              </span>
            ) : null}
          </div>
        )),
    },
    {
      id: "subOrders",
      header: t("columns.subOrders"),
      meta: { priority: 6 },
      cell: ({ row: { original: d } }) =>
        d.isSplit ? (
          live(d).map((s) => (
            <div key={s.id} className="whitespace-nowrap">
              {s.subOrderNo}{" "}
              <span className="text-slate-500">{s.orderFee !== null ? f.money(s.orderFee, "CNY") : ""}</span>
            </div>
          ))
        ) : (
          <span className="whitespace-nowrap text-slate-500">{t("columns.notSplit")}</span>
        ),
    },
    {
      id: "declareNumbers",
      header: t("columns.declareNumbers"),
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
      header: t("columns.vendor"),
      meta: { priority: 4 },
      cell: ({ row: { original: d } }) => (
        <span className="whitespace-nowrap">
          {vendorLabel(t, d.vendor)} · {paymentTypeLabel(t, d.paymentType)}
        </span>
      ),
    },
    {
      id: "declared",
      header: t("columns.declared"),
      meta: { priority: 3 },
      cell: ({ row: { original: d } }) => <span className="whitespace-nowrap">{f.dateTime(d.createdAt)}</span>,
    },
    {
      id: "location",
      header: t("columns.location"),
      meta: { priority: 2 },
      cell: ({ row: { original: d } }) => d.customsLocation,
    },
  ];
}

/** The customs list's table, for its page of declarations (./declaration-list.tsx). */
export const DeclarationsTable = tableOf<DeclarationView>(
  { list: "declarations", rowTestId: "declaration", getRowId: (d) => d.id },
  () => {
    const t = useTranslations("customs");
    const f = useFormat();
    return { columns: useMemo(() => declarationColumns(t, f), [t, f]), empty: t("list.empty") };
  },
);
