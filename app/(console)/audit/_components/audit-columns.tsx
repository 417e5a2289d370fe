"use client";

import { useMemo } from "react";
import { amountColumn } from "@/components/data-table/common-columns";
import { tableOf } from "@/components/data-table/table-of";
import type { Column } from "@/components/data-table/types";
import type { Format } from "@/lib/platform/i18n/format";
import { useFormat, useTranslations } from "@/lib/platform/i18n/client";

type T = ReturnType<typeof useTranslations<"audit">>;

/** One audit entry as the list shows it (the page resolves a user target to its email). */
export type AuditRowView = {
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

export const AuditTable = tableOf<AuditRowView>({ list: "audit", testId: "audit-table", getRowId: (r) => r.id }, () => {
  const t = useTranslations("audit");
  const f = useFormat();
  return { columns: useMemo(() => auditColumns(t, f), [t, f]), empty: t("empty") };
});
