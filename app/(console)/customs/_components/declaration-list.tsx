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
import { FilterBar, FilterSelect, FilterText } from "@/components/data-table/list-filters";
import { ExportLink, ListPager, listHref } from "@/components/data-table/list-pager";
import { usePagedList } from "@/components/data-table/use-paged-list";
import { VENDORS } from "@/lib/customs/constants";
import { CUSTOMS_STATUSES, SUB_ORDER_STATES } from "@/lib/declarations/constants";
import { declarationList } from "@/lib/declarations/search-params";
import { MerchantGap } from "./merchant-gap";
import { declaredCny } from "@/lib/declarations/status";
import type { MerchantCustomsGap } from "@/lib/declarations/merchant-customs-gap";
import { PageHeader } from "@/components/ui/page-header";
import dynamic from "next/dynamic";
import { FormLoading } from "@/components/form/lazy";

// The bulk upload (a file, its preview, its report) after the page's first load (components/form/lazy.tsx says why).
const BulkUpload = dynamic(() => import("./bulk-upload").then((m) => m.BulkUpload), {
  ssr: false,
  loading: () => <FormLoading />,
});

const live = (d: DeclarationView) => d.subOrders.filter((s) => s.state !== "corrected");

// The customs list's columns, defined once, in the reader's words, times and money. The
// reference opens the declaration.
function declarationColumns(t: CustomsT, f: Format): Column<DeclarationView>[] {
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

/** The customs list's table, for its page of declarations. */
const DeclarationsTable = tableOf<DeclarationView>(
  { list: "declarations", rowTestId: "declaration", getRowId: (d) => d.id },
  () => {
    const t = useTranslations("customs");
    const f = useFormat();
    return { columns: useMemo(() => declarationColumns(t, f), [t, f]), empty: t("list.empty") };
  },
);

/**
 * The customs list in the browser: the export of what is filtered, the bulk upload for those
 * who declare, the filters, a page of declarations and its pager, from the query the page
 * prefetched; a filter or a page is a URL change and a fetch of the list's route, not a server
 * render, and a bulk declaration refreshes the list's query.
 */
export function DeclarationList({
  canDeclare,
  merchant,
}: {
  canDeclare: boolean;
  /** What Settings lacks of the merchant's customs code and name, and whether this person may set it. */
  merchant: { gap: MerchantCustomsGap; canSet: boolean };
}) {
  const t = useTranslations("customs");
  const { state, query, page, pager, unpaged, filterBar, table } = usePagedList(declarationList);
  // Not an empty list that looks like "no declarations": the section's error boundary says what failed.
  if (query.isError) throw query.error;
  const rows = page?.declarations ?? [];
  const filtered = !!(state.q || state.vendor || state.state || state.customsStatus);
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <PageHeader title={t("list.heading")}>{t("list.intro")}</PageHeader>
        <div className="flex gap-2">
          <ExportLink href={listHref("/api/customs/declarations/export.csv", unpaged)} testId="export-declarations">
            {t("list.export")}
          </ExportLink>
          {canDeclare && (
            <Link
              href="/customs/new"
              className="rounded-md bg-brand-600 px-3 py-2 text-sm font-medium text-white hover:bg-brand-700"
            >
              {t("list.new")}
            </Link>
          )}
        </div>
      </div>
      {canDeclare && <MerchantGap {...merchant} />}
      {canDeclare && <BulkUpload blocked={!!merchant.gap} />}
      <FilterBar key={unpaged} {...filterBar()}>
        <FilterText label={t("list.filterQ")} name="q" />
        <FilterSelect label={t("list.filterVendor")} name="vendor" options={VENDORS} text={(v) => vendorLabel(t, v)} />
        <FilterSelect
          label={t("list.filterState")}
          name="state"
          options={SUB_ORDER_STATES}
          text={(s) => stateLabel(t, s)}
        />
        <FilterSelect
          label={t("list.filterCustomsStatus")}
          name="customsStatus"
          options={CUSTOMS_STATUSES}
          text={(c) => customsStatusLabel(t, c)}
        />
      </FilterBar>
      <DeclarationsTable
        {...table(rows, {
          noun: [t("list.nounOne"), t("list.nounOther")],
          money: (d) => ({ amount: declaredCny(d), currency: "CNY" }),
          basis: "declared",
        })}
        empty={filtered ? t("list.emptyFiltered") : t("list.empty")}
      />
      <ListPager {...pager()} />
    </div>
  );
}
