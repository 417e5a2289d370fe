"use client";

import Link from "next/link";
import { useMemo } from "react";
import { DeadlinePill } from "@/components/records/chargebacks/deadline-pill";
import { amountColumn, statusColumn } from "@/components/data-table/common-columns";
import { tableOf } from "@/components/data-table/table-of";
import type { Column } from "@/components/data-table/types";
import type { ChargebackView } from "@/lib/chargebacks/query";
import type { Format } from "@/lib/platform/i18n/format";
import { useFormat, useTranslations } from "@/lib/platform/i18n/client";

type T = ReturnType<typeof useTranslations<"chargebacks">>;

/** A chargeback status's label in the reader's language (the provider's own words in English). */
export const statusLabel = (t: T, status: string) =>
  t.has(`statuses.${status}` as "statuses.Won") ? t(`statuses.${status}` as "statuses.Won") : status;

const STATUS_STYLE: Record<string, string> = {
  "Notification of Claim": "bg-red-50 text-red-700",
  "Request For Information": "bg-amber-50 text-amber-800",
  "Information Supplied": "bg-sky-50 text-sky-700",
  Won: "bg-emerald-50 text-emerald-700",
  Lost: "bg-red-100 text-red-800",
  "Case Closed": "bg-slate-100 text-slate-600",
};

// The chargebacks list's columns: the one place to add a case's columns (days left, owner, case page).
const chargebackColumns = (t: T, f: Format): Column<ChargebackView>[] => [
  {
    id: "charge",
    header: t("columns.charge"),
    meta: { pin: "left" },
    cell: ({ row: { original: c } }) => (
      <div className="min-w-40 max-w-56 wrap-anywhere" data-testid="row-id">
        {/* Two links one above the other: each a 24 px target (WCAG 2.2 target size). */}
        {c.chargeId === null ? (
          <span className="inline-block py-1 text-xs font-medium text-amber-800" data-testid="untied">
            {t("untied")}
          </span>
        ) : (
          <Link
            className="inline-block py-1 font-mono text-xs text-brand-600 hover:underline"
            href={`/transactions/${encodeURIComponent(c.chargeId)}`}
          >
            {c.chargeId}
          </Link>
        )}
        <div className="text-xs text-slate-500">
          {c.reference && <>{c.reference} · </>}
          <Link className="inline-block py-1 text-brand-600 hover:underline" href={c.href} data-testid="case-link">
            {t("caseLink", { id: c.id })}
          </Link>
        </div>
      </div>
    ),
  },
  amountColumn((c) => c, t("columns.amount")),
  statusColumn(
    t("columns.status"),
    (c) => (
      <>
        <span
          className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLE[c.status] ?? ""}`}
        >
          {statusLabel(t, c.status)}
        </span>
        {c.outcome && c.status === "Case Closed" && (
          <div className="mt-1 text-xs text-slate-600">{statusLabel(t, c.outcome)}</div>
        )}
        {c.reason && (
          <div className="mt-1 text-xs text-slate-600" data-testid="reason">
            {t("reasonLine", { reason: c.reason })}
          </div>
        )}
        <div className="mt-1">
          <DeadlinePill deadline={c} />
        </div>
      </>
    ),
    { className: "min-w-36" },
  ),
  {
    id: "owner",
    header: t("columns.owner"),
    meta: { priority: 7 },
    cell: ({ row: { original: c } }) => (
      <span className="whitespace-nowrap text-xs text-slate-600" data-testid="owner">
        {c.owner ? c.owner.name : t("noOwner")}
      </span>
    ),
  },
  {
    id: "history",
    header: t("columns.history"),
    meta: { priority: 8 },
    cell: ({ row: { original: c } }) =>
      c.history.length === 0 ? (
        "—"
      ) : (
        <ol className="space-y-0.5 text-xs text-slate-600" data-testid="history">
          {c.history.map((h) => (
            <li key={h.status} className="whitespace-nowrap">
              <span className="tabular-nums">{f.dateTime(h.at)}</span> · {statusLabel(t, h.status)}
            </li>
          ))}
        </ol>
      ),
  },
  {
    id: "age",
    header: t("columns.age"),
    meta: { align: "right", priority: 6 },
    cell: ({ row: { original: c } }) => (
      <span className="whitespace-nowrap tabular-nums">{t("ageDays", { days: c.ageDays })}</span>
    ),
  },
  {
    id: "opened",
    header: t("columns.opened"),
    meta: { priority: 4 },
    cell: ({ row: { original: c } }) => <When at={c.openedAt} f={f} />,
  },
  {
    id: "lastChange",
    header: t("columns.lastChange"),
    meta: { priority: 3 },
    cell: ({ row: { original: c } }) => <When at={c.lastChangeAt} f={f} />,
  },
];

/** A time, its date and its zone-named time free to break apart (the zone widens the cell). */
function When({ at, f }: { at: string; f: Format }) {
  return (
    <span>
      <span className="whitespace-nowrap">{f.date(at)}</span> <span className="whitespace-nowrap">{f.time(at)}</span>
    </span>
  );
}

export const ChargebacksTable = tableOf<ChargebackView>(
  { list: "chargebacks", rowTestId: "chargeback", getRowId: (c) => c.id },
  () => {
    const t = useTranslations("chargebacks");
    const f = useFormat();
    return { columns: useMemo(() => chargebackColumns(t, f), [t, f]), empty: t("emptyNone") };
  },
);
