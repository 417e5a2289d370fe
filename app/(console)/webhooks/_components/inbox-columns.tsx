import Link from "next/link";
import { amountColumn, statusColumn } from "@/components/data-table/common-columns";
import type { Column } from "@/components/data-table/types";
import { useTranslations } from "@/lib/platform/i18n/client";
import type { Format } from "@/lib/platform/i18n/format";
import type { NotificationView } from "@/lib/webhooks/query";
import { NotificationActions } from "./notification-actions";

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
export const targetOf = (n: NotificationView) =>
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

export function inboxColumns(manage: boolean, t: T, f: Format, words: Words): Column<NotificationView>[] {
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
export function RawBody({ n }: { n: NotificationView }) {
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
