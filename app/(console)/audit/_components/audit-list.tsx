"use client";

import { useMemo } from "react";
import { FilterBar, FilterSelect, FilterText } from "@/components/data-table/list-filters";
import { ListPager, listHref } from "@/components/data-table/list-pager";
import { usePagedList } from "@/components/data-table/use-paged-list";
import type { AuditEntryView } from "@/lib/platform/audit/query";
import { AUDIT_RESULTS, auditList } from "@/lib/platform/audit/search-params";
import { useTranslations } from "@/lib/platform/i18n/client";
import { type AuditRowView, AuditTable } from "./audit-columns";
import { labelOr } from "@/lib/ledger/status-label";
import { actionLine, reasonLine } from "@/lib/platform/audit/reason";

type T = ReturnType<typeof useTranslations<"audit">>;
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
