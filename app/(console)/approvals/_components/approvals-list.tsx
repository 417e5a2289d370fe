"use client";

import Link from "next/link";
import { statusColumn } from "@/components/data-table/common-columns";
import type { Column } from "@/components/data-table/types";
import type { z } from "zod";
import type { approvalSchema } from "@/lib/operations/answers";
import { StatusBadge } from "@/components/records/ledger/status-badge";
import { useMemo } from "react";
import { tableOf } from "@/components/data-table/table-of";
import { useFormat, useTranslations } from "@/lib/platform/i18n/client";
import type { Format } from "@/lib/platform/i18n/format";
import { useMethodLabel } from "@/components/payments/format";
import { labelOr } from "@/lib/ledger/status-label";
import { approvalList } from "@/lib/operations/approvals-search-params";
import { usePagedList } from "@/components/data-table/use-paged-list";
import { FilterBar, FilterText } from "@/components/data-table/list-filters";
import { ListPager } from "@/components/data-table/list-pager";
import dynamic from "next/dynamic";

function DecisionFormLoading() {
  const t = useTranslations("approvals.decision");
  return (
    <p className="mt-3 text-sm text-slate-500" aria-busy="true">
      {t("loading")}
    </p>
  );
}

// The decision form after the page's first load (components/form/lazy.tsx says why).
const DecisionForm = dynamic(() => import("./decision-form").then((m) => m.DecisionForm), {
  ssr: false,
  loading: () => <DecisionFormLoading />,
});

type T = ReturnType<typeof useTranslations<"approvals">>;
type Words = {
  t: T;
  reasons: ReturnType<typeof useTranslations<"operations.reasons">>;
  f: Format;
  method: (m: string) => string;
};

/** A request waiting for a decision, as GET /api/approvals answers it (`left`: what is left to refund on the charge now). */
type ApprovalRow = z.output<typeof approvalSchema>;

// The approvals list's columns, defined once: the charge pinned left, the decision pinned right.
const approvalColumns = ({ t, reasons, f, method }: Words): Column<ApprovalRow>[] => [
  {
    id: "charge",
    header: t("columns.charge"),
    meta: { pin: "left" },
    cell: ({ row: { original: a } }) => (
      <div className="min-w-48 max-w-64" data-testid="row-id">
        {/* The order's reference first, as the merchant knows the order; the provider's id under it. */}
        <Link
          className="wrap-anywhere font-medium text-brand-700 hover:underline"
          href={`/transactions/${encodeURIComponent(a.op.transactionId)}`}
          translate="no"
        >
          {a.charge?.reference ?? a.op.transactionId}
        </Link>
        {a.charge?.reference && (
          <div className="whitespace-nowrap font-mono text-xs text-slate-600">{a.op.transactionId}</div>
        )}
        {a.charge && (
          <div className="mt-1 text-xs text-slate-600">
            {a.charge.method ? method(a.charge.method) : "—"} ·{" "}
            {t("chargeFacts", {
              charged: f.money(a.charge.amount, a.charge.currency),
              captured: f.money(a.charge.captured, a.charge.currency),
              refunded: f.money(a.charge.refunded, a.charge.currency),
            })}
          </div>
        )}
        <div className="mt-1 text-xs text-slate-600">
          {t.rich("askedBy", {
            who: a.op.requestedBy,
            strong: (chunks) => <strong className="wrap-anywhere">{chunks}</strong>,
          })}{" "}
          · {f.dateTime(a.op.createdAt)}
        </div>
      </div>
    ),
  },
  {
    id: "amount",
    header: t("columns.amount"),
    meta: { align: "right", keep: true },
    cell: ({ row: { original: a } }) => (
      <div className="min-w-28">
        <span className="whitespace-nowrap text-base font-semibold tabular-nums" data-testid="row-amount">
          {f.money(a.op.amount, a.op.currency)}
        </span>
        {/* Why, beside how much: what the decision rests on stays in view at any width. */}
        <div className="mt-1 text-xs text-slate-600">
          <strong>{a.op.reason ? labelOr(reasons, a.op.reason, a.op.reason) : "—"}</strong>
          {a.op.note ? ` — ${a.op.note}` : ""}
        </div>
      </div>
    ),
  },
  statusColumn(
    t("columns.status"),
    (a) => (
      <>
        <StatusBadge status={a.op.status} />
        {a.op.amount > a.left && (
          <p className="mt-1 text-xs font-medium text-red-700">
            {t("onlyLeft", { amount: f.money(a.left, a.op.currency) })}
          </p>
        )}
      </>
    ),
    { className: "min-w-32" },
  ),
  {
    id: "decision",
    header: t("columns.decision"),
    meta: { pin: "right" },
    cell: ({ row: { original: a } }) => (
      <div className="w-64 xl:w-72" data-testid="row-actions">
        {a.own ? (
          <p className="text-sm text-slate-500">{t("own")}</p>
        ) : (
          <DecisionForm
            operationId={a.op.id}
            subject={t("subject", {
              amount: f.money(a.op.amount, a.op.currency),
              id: a.op.transactionId,
              who: a.op.requestedBy,
            })}
          />
        )}
      </div>
    ),
  },
];

const ApprovalsTable = tableOf<ApprovalRow>(
  { list: "approvals", testId: "pending-approvals", rowTestId: "approval", getRowId: (a) => a.op.id },
  () => {
    const t = useTranslations("approvals");
    const reasons = useTranslations("operations.reasons");
    const f = useFormat();
    const method = useMethodLabel();
    return {
      columns: useMemo(() => approvalColumns({ t, reasons, f, method }), [t, reasons, f, method]),
      empty: t("empty"),
    };
  },
);

/** The approvals queue in the browser: its filters, its page of requests and its pager, from the URL. */
export function ApprovalsList() {
  const t = useTranslations("approvals");
  const { filter, query, page, unpaged, filterBar, table, pager } = usePagedList(approvalList);
  // Not an empty queue that looks like "nothing waiting": the page's error boundary says what failed.
  if (query.isError) throw query.error;
  const rows = page?.approvals ?? [];
  return (
    <>
      <FilterBar
        key={unpaged}
        {...filterBar()}
        // A currency as typed ("usd") is the code it names, as on the transactions list.
        onApply={(v) =>
          void filter(approvalList.load({ ...v, ...(v.currency ? { currency: v.currency.trim().toUpperCase() } : {}) }))
        }
      >
        <FilterText label={t("filters.requestedBy")} name="requestedBy" />
        <FilterText label={t("filters.currency")} name="currency" placeholder="USD" />
      </FilterBar>
      <ApprovalsTable {...table(rows, { noun: [t("nounOne"), t("nounOther")], money: (r) => r.op })} />
      <ListPager {...pager()} />
    </>
  );
}
