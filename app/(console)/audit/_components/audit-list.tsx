"use client";

import { useMemo } from "react";
import { amountColumn } from "@/components/data-table/common-columns";
import { tableOf } from "@/components/data-table/table-of";
import type { Column } from "@/components/data-table/types";
import type { Format } from "@/lib/platform/i18n/format";
import { useFormat, useTranslations } from "@/lib/platform/i18n/client";
import { FilterBar, FilterSelect, FilterText } from "@/components/data-table/list-filters";
import { ListPager, listHref } from "@/components/data-table/list-pager";
import { usePagedList } from "@/components/data-table/use-paged-list";
import type { AuditEntryView } from "@/lib/platform/audit/query";
import { AUDIT_RESULTS, auditList } from "@/lib/platform/audit/search-params";
import { labelOr } from "@/lib/ledger/status-label";
import { actionLine, reasonLine } from "@/lib/platform/audit/reason";

type T = ReturnType<typeof useTranslations<"audit">>;

/** One audit entry as the list shows it (the page resolves a user target to its email). */
type AuditRowView = {
  id: string;
  at: string;
  user: string;
  role: string | null;
  action: string;
  /** The action in the reader's words; the code stays under it (what the filter takes). */
  actionLabel: string;
  result: string;
  target: string;
  /** The target's id or email, kept whole on one line (an id broken mid-number cannot be read back). */
  targetId: string | null;
  amount: number | null;
  currency: string | null;
  reason: string | null;
  ip: string | null;
};

const RESULT_STYLE: Record<string, string> = {
  ok: "bg-emerald-50 text-emerald-700",
  denied: "bg-amber-50 text-amber-800",
  failed: "bg-red-50 text-red-700",
  error: "bg-red-50 text-red-700",
  succeeded: "bg-emerald-50 text-emerald-700",
  pending_approval: "bg-violet-50 text-violet-700",
  conflict: "bg-amber-50 text-amber-800",
  invalid: "bg-amber-50 text-amber-800",
  unknown: "bg-orange-50 text-orange-800",
};

// The audit log's columns, defined once: the entry (when, what) is pinned; who and the result stay.
// Headers and times in the reader's language and zone.
const auditColumns = (t: T, f: Format): Column<AuditRowView>[] => [
  {
    id: "entry",
    header: t("columns.entry"),
    meta: { pin: "left" },
    cell: ({ row: { original: r } }) => (
      <div data-testid="row-id">
        <span className="whitespace-nowrap">{f.dateTime(r.at)}</span>
        <div className="text-sm">{r.actionLabel}</div>
        <div className="font-mono text-xs text-slate-600" translate="no">
          {r.action}
        </div>
      </div>
    ),
  },
  {
    id: "user",
    header: t("columns.user"),
    meta: { priority: 9 },
    cell: ({ row: { original: r } }) => <span className="block min-w-44 wrap-anywhere">{r.user}</span>,
  },
  {
    id: "result",
    header: t("columns.result"),
    meta: { keep: true },
    cell: ({ row: { original: r } }) => (
      <span
        className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${RESULT_STYLE[r.result] ?? "bg-slate-100"}`}
        data-testid="row-status"
      >
        {t.has(`results.${r.result}` as "results.ok") ? t(`results.${r.result}` as "results.ok") : r.result}
      </span>
    ),
  },
  amountColumn((r) => r, t("columns.amount")),
  {
    id: "target",
    header: t("columns.target"),
    meta: { priority: 6 },
    cell: ({ row: { original: r } }) => (
      <span className="block min-w-40 text-slate-600">
        {r.target}
        {r.targetId && (
          <>
            {" "}
            <span className="whitespace-nowrap font-mono text-xs">{r.targetId}</span>
          </>
        )}
      </span>
    ),
  },
  {
    id: "reason",
    header: t("columns.reason"),
    meta: { priority: 5 },
    cell: ({ row: { original: r } }) => <span className="block min-w-32 text-slate-600">{r.reason ?? "—"}</span>,
  },
  { id: "role", header: t("columns.role"), meta: { priority: 3 }, cell: ({ row: { original: r } }) => r.role ?? "—" },
  {
    id: "ip",
    header: t("columns.ip"),
    meta: { priority: 1 },
    cell: ({ row: { original: r } }) => <span className="text-slate-600">{r.ip ?? "—"}</span>,
  },
];

const AuditTable = tableOf<AuditRowView>({ list: "audit", testId: "audit-table", getRowId: (r) => r.id }, () => {
  const t = useTranslations("audit");
  const f = useFormat();
  return { columns: useMemo(() => auditColumns(t, f), [t, f]), empty: t("empty") };
});

type TC = ReturnType<typeof useTranslations<"common">>;

/** An entry in the reader's words: an export's closing row says how many rows left, and why it stopped short. */
const rowOf = (t: T, tc: TC, e: AuditEntryView): AuditRowView => ({
  id: e.id,
  at: e.at,
  user: e.actorEmail ?? (e.byConsole ? t("consoleActor") : "—"),
  role: e.role ? labelOr(tc, `roles.${e.role}`, e.role) : null,
  action: e.action,
  actionLabel: actionLine(t, e.action),
  result: e.result,
  target: e.exported
    ? t("exportRows", { count: e.exported.rows })
    : e.targetType
      ? labelOr(t, `targets.${e.targetType}`, e.targetType)
      : "—",
  targetId: e.exported ? null : e.targetId,
  amount: e.amount,
  currency: e.currency,
  reason:
    reasonLine(t, e.reason, (p) => labelOr(tc, `permissions.${p.replaceAll(".", "_")}`, p)) ??
    (e.exported?.stopped ? t(`exportStopped.${e.exported.stopped}`) : null),
  ip: e.ip,
});

/** The log filtered and paged by the URL, through GET /api/audit; its CSV export takes the same filter. */
export function AuditList() {
  const t = useTranslations("audit");
  const tc = useTranslations("common");
  // The entries of other filters are never shown as these ones while they load: the log is read as evidence.
  const { state, query, page, unpaged, filterBar, table, pager } = usePagedList(auditList, {
    placeholderData: undefined,
  });
  const rows = useMemo(() => (page?.entries ?? []).map((e) => rowOf(t, tc, e)), [page, t, tc]);
  // Not an empty log that looks like "nothing happened": the page's error boundary says what failed.
  if (query.isError) throw query.error;
  return (
    <>
      <FilterBar key={unpaged} {...filterBar()}>
        <FilterText label={t("filters.user")} name="actor" />
        <FilterText label={t("filters.action")} name="action" placeholder={t("filters.actionPlaceholder")} />
        <FilterSelect
          label={t("filters.result")}
          name="result"
          options={AUDIT_RESULTS}
          text={(r) => t(`results.${r}`)}
        />
        <FilterText label={t("filters.from")} name="from" type="date" />
        <FilterText label={t("filters.to")} name="to" type="date" />
      </FilterBar>
      <AuditTable
        {...table(rows, { noun: [t("noun.one"), t("noun.other")] })}
        actions={
          <a
            href={listHref("/api/audit/export.csv", auditList.search({ ...state, before: null }))}
            className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50"
            download
          >
            {t("exportCsv")}
          </a>
        }
      />
      <ListPager {...pager(t("older"))} />
    </>
  );
}
