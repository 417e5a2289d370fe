"use client";

import Link from "next/link";
import { amountColumn, statusColumn } from "@/components/data-table/common-columns";
import type { Column } from "@/components/data-table/types";
import { useTranslations, useFormat } from "@/lib/platform/i18n/client";
import type { Format } from "@/lib/platform/i18n/format";
import type { NotificationView } from "@/lib/webhooks/query";
import { NotificationActions } from "./notification-actions";
import { type ReactNode, useMemo } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { useOutcomeLine } from "./use-outcome-line";
import { statusLabelWith } from "@/lib/ledger/status-label";
import { FilterBar, FilterSelect, FilterText } from "@/components/data-table/list-filters";
import { ListPager } from "@/components/data-table/list-pager";
import { usePagedList } from "@/components/data-table/use-paged-list";
import { APPLY_STATES, NOTIFICATION_TYPES, VERIFICATIONS } from "@/lib/webhooks/constants";
import { inboxList } from "@/lib/webhooks/search-params";

type T = ReturnType<typeof useTranslations<"webhooks">>;

const VERDICT_STYLE: Record<string, string> = {
  verified: "bg-emerald-50 text-emerald-700",
  verified_previous: "bg-emerald-50 text-emerald-700",
  verified_legacy: "bg-emerald-50 text-emerald-700",
  rejected: "bg-red-50 text-red-700",
  unverifiable: "bg-amber-50 text-amber-800",
};
const STATE_STYLE: Record<string, string> = {
  applied: "bg-emerald-50 text-emerald-700",
  confirmed: "bg-emerald-50 text-emerald-700",
  unchanged: "bg-slate-100 text-slate-600",
  stale: "bg-slate-100 text-slate-600",
  pending: "bg-sky-50 text-sky-700",
  unconfirmed: "bg-amber-50 text-amber-800",
  rejected: "bg-red-50 text-red-700",
  expired: "bg-red-50 text-red-700",
};
const label = (s: string) => s.replace(/_/g, " ");
/** A stored value's label in the reader's language; the value itself when the catalog has none. */
const labelOf = (t: T, group: "verifications" | "states" | "types", value: string) =>
  t.has(`${group}.${value}` as "types.charge") ? t(`${group}.${value}` as "types.charge") : label(value);
const badge = "whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium";

/** The transaction a notification is about: a refund's or chargeback's charge. */
const targetOf = (n: NotificationView) =>
  n.type === "vault"
    ? null
    : n.type === "chargeback" || n.type === "refund"
      ? (n.parentId ?? n.transactionId)
      : n.transactionId;

// The webhook inbox's columns, defined once, in the reader's language and zone. The raw body
// opens full width under its row.
/** The reader's words for stored values: an apply result, a status the service sent. */
type Words = {
  outcome: (detail: string | null, text: NotificationView["applyText"]) => string | null;
  status: (status: string) => string;
};

function inboxColumns(manage: boolean, t: T, f: Format, words: Words): Column<NotificationView>[] {
  return [
    {
      id: "transaction",
      header: t("columns.transaction"),
      meta: { pin: "left" },
      cell: ({ row: { original: n } }) => {
        const target = targetOf(n);
        return (
          <div className="min-w-40 max-w-56 wrap-anywhere" data-testid="row-id">
            {target ? (
              <Link
                className="font-mono text-xs text-brand-600 hover:underline"
                href={`/transactions/${encodeURIComponent(target)}`}
              >
                {n.transactionId}
              </Link>
            ) : (
              <span className="font-mono text-xs">{n.transactionId}</span>
            )}
            {n.reference && <div className="text-xs text-slate-500">{n.reference}</div>}
          </div>
        );
      },
    },
    amountColumn((n) => n, t("columns.amount")),
    statusColumn(t("columns.status"), (n) => (n.status ? words.status(n.status) : null)),
    {
      id: "outcome",
      header: t("columns.outcome"),
      meta: { priority: 9 },
      cell: ({ row: { original: n } }) => (
        <div className="min-w-44 max-w-xs space-y-1">
          <div className="flex flex-wrap gap-1">
            <span className={`${badge} ${VERDICT_STYLE[n.verification] ?? ""}`}>
              {labelOf(t, "verifications", n.verification)}
            </span>
            <span className={`${badge} ${STATE_STYLE[n.applyState] ?? ""}`}>{labelOf(t, "states", n.applyState)}</span>
          </div>
          {n.applyDetail && <div className="text-xs text-slate-600">{words.outcome(n.applyDetail, n.applyText)}</div>}
        </div>
      ),
    },
    {
      id: "replays",
      header: t("columns.replays"),
      meta: { align: "right", keep: true },
      cell: ({ row: { original: n } }) => (
        <span className="tabular-nums" data-testid="replays">
          {n.duplicates}
        </span>
      ),
    },
    {
      id: "received",
      header: t("columns.received"),
      meta: { priority: 5 },
      cell: ({ row: { original: n } }) => (
        // Date and zone-named time may break apart: the named zone made the cell wider than the
        // UTC time it replaced, and a secondary column would give way for it.
        <span>
          <span className="whitespace-nowrap">{f.date(n.receivedAt)}</span>{" "}
          <span className="whitespace-nowrap">{f.time(n.receivedAt)}</span>
        </span>
      ),
    },
    {
      id: "type",
      header: t("columns.type"),
      meta: { priority: 4 },
      cell: ({ row: { original: n } }) => (n.type ? labelOf(t, "types", n.type) : null),
    },
    {
      id: "actions",
      header: t("columns.actions"),
      meta: { pin: "right" },
      cell: ({ row }) => (
        <div className="min-w-28" data-testid="row-actions">
          <button
            type="button"
            aria-expanded={row.getIsExpanded()}
            onClick={row.getToggleExpandedHandler()}
            className="text-xs font-medium text-brand-600 hover:underline"
          >
            {row.getIsExpanded() ? t("hideRaw") : t("raw")}
          </button>
          {manage && (
            <NotificationActions
              id={row.original.id}
              canReapply={row.original.verification !== "rejected" && row.original.applyState !== "expired"}
              canResync={targetOf(row.original) !== null}
            />
          )}
        </div>
      ),
    },
  ];
}

/** The stored body as received, full width and readable (JSON indented). */
function RawBody({ n }: { n: NotificationView }) {
  const t = useTranslations("webhooks");
  let body = n.rawBody;
  try {
    body = JSON.stringify(JSON.parse(n.rawBody), null, 2);
  } catch {
    // Form-encoded or cut short: shown as it came.
  }
  return (
    <div data-testid="raw">
      <div className="mb-1 text-xs text-slate-500">
        {n.contentType}
        {n.bodyTruncated && t("truncated", { bytes: n.bodyLength ?? "?" })}
      </div>
      <pre className="max-h-96 overflow-auto whitespace-pre-wrap wrap-anywhere rounded bg-white p-3 font-mono text-xs ring-1 ring-slate-200">
        {body}
      </pre>
    </div>
  );
}

function InboxTable({
  rows,
  manage,
  loading,
  busy,
  footer,
}: {
  rows: NotificationView[];
  manage: boolean;
  loading?: boolean;
  busy?: boolean;
  footer?: ReactNode;
}) {
  const t = useTranslations("webhooks");
  const f = useFormat();
  const statuses = useTranslations("statuses");
  const outcome = useOutcomeLine();
  const columns = useMemo(
    () => inboxColumns(manage, t, f, { outcome, status: (s) => statusLabelWith(statuses, s) }),
    [manage, t, f, outcome, statuses],
  );
  return (
    <DataTable
      list="inbox"
      rowTestId="notification"
      columns={columns}
      data={rows}
      getRowId={(n) => n.id}
      loading={loading}
      busy={busy}
      empty={t("empty")}
      expanded={(n) => <RawBody n={n} />}
      footer={footer}
    />
  );
}

/** The inbox filtered and paged by the URL, through GET /api/webhooks; a re-apply refreshes it. */
export function InboxList({ manage }: { manage: boolean }) {
  const t = useTranslations("webhooks");
  const { query, page, unpaged, filterBar, table, pager } = usePagedList(inboxList);
  // Not an empty inbox that looks like "nothing arrived": the page's error boundary says what failed.
  if (query.isError) throw query.error;
  const rows = page?.rows ?? [];
  return (
    <>
      <FilterBar key={unpaged} {...filterBar()}>
        <FilterText label={t("filters.q")} name="q" />
        <FilterSelect
          label={t("filters.type")}
          name="type"
          options={NOTIFICATION_TYPES}
          text={(v) => t(`types.${v}`)}
        />
        <FilterSelect
          label={t("filters.verification")}
          name="verification"
          options={VERIFICATIONS}
          text={(v) => t(`verifications.${v}`)}
        />
        <FilterSelect label={t("filters.result")} name="state" options={APPLY_STATES} text={(v) => t(`states.${v}`)} />
      </FilterBar>
      <InboxTable {...table(rows, { noun: [t("noun.one"), t("noun.other")] })} manage={manage} />
      <ListPager {...pager(t("older"))} />
    </>
  );
}
