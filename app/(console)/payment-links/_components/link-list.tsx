"use client";

import Link from "next/link";
import { statusColumn } from "@/components/data-table/common-columns";
import type { Column } from "@/components/data-table/types";
import { StatusBadge } from "@/components/records/ledger/status-badge";
import { useTranslations, useFormat } from "@/lib/platform/i18n/client";
import type { Format } from "@/lib/platform/i18n/format";
import { useMemo } from "react";
import { QrCode } from "@/components/ui/qr-code";
import { DataTable } from "@/components/data-table/data-table";
import { usePagedList } from "@/components/data-table/use-paged-list";
import { FilterBar, FilterSelect, FilterText } from "@/components/data-table/list-filters";
import { ListPager } from "@/components/data-table/list-pager";
import { useStatusLabel } from "@/components/records/ledger/status-label";
import { LINK_STATUSES } from "@/lib/payment-links/constants";
import { paymentLinkList } from "@/lib/payment-links/search-params";
import { useMethodLabel } from "@/components/payments/format";
import dynamic from "next/dynamic";
import { FormLoading } from "@/components/form/lazy";

// The new-link form after the page's first load (components/form/lazy.tsx says why).
export const PaymentLinkForm = dynamic(() => import("./payment-link-form").then((m) => m.PaymentLinkForm), {
  ssr: false,
  loading: () => <FormLoading />,
});

type T = ReturnType<typeof useTranslations<"paymentLinks">>;
type Words = { t: T; f: Format; method: (m: string) => string };

type PaymentLink = {
  id: string;
  kind: string;
  vendor: string;
  reference: string;
  amount: number;
  currency: string;
  url: string;
  /** The return URLs and allow_duplicates sent, by their spec names. */
  asked: Partial<Record<AskedField, string>>;
  transactionId: string | null;
  status: string;
  cnyAmount: number | null;
  createdAt: string;
  completedAt: string | null;
  expiresAt: string | null;
  checkedAt: string | null;
};

const ASKED = [
  "callback_url",
  "callback_url_success",
  "callback_url_fail",
  "mobile_result_url",
  "allow_duplicates",
] as const;
type AskedField = (typeof ASKED)[number];
const KIND_WORD = { hosted: "hostedPage", pay: "payPage", qr: "qr" } as const;

/** What the link was made with beyond its amount: each return URL and allow_duplicates, the spec's name on hover. */
function Asked({ l, t }: { l: PaymentLink; t: T }) {
  const sent = ASKED.filter((field) => l.asked[field]);
  if (sent.length === 0) return null;
  return (
    <ul className="mt-1 space-y-0.5 text-xs text-slate-500" data-testid="link-asked">
      {sent.map((field) => (
        <li key={field} title={field}>
          {field === "allow_duplicates" ? t("asked.allow_duplicates") : `${t(`asked.${field}`)} ${l.asked[field]}`}
        </li>
      ))}
    </ul>
  );
}

/** What the service said, in words: the paid time is the service's own, never when we looked. */
function outcome(l: PaymentLink, { t, f }: Words) {
  if (l.status === "unknown") return t("outcome.unknown");
  if (l.status === "initiated" && l.kind !== "hosted" && !l.transactionId) return t("outcome.noId");
  if (l.status === "initiated")
    return l.expiresAt ? t("outcome.waitingUntil", { at: f.dateTime(l.expiresAt) }) : t("outcome.waiting");
  if (l.status === "succeeded")
    return l.completedAt ? t("outcome.paid", { at: f.dateTime(l.completedAt) }) : t("outcome.paidNoTime");
  if (l.status === "expired") return t("outcome.expired", { at: f.dateTime(l.completedAt) });
  return l.status;
}

// The payment links list's columns, defined once: the reference pinned left, the link to send pinned right.
const linkColumns = (words: Words): Column<PaymentLink>[] => {
  const { t, f, method } = words;
  return [
    {
      id: "reference",
      header: t("columns.reference"),
      meta: { pin: "left" },
      cell: ({ row: { original: l } }) => (
        <div className="min-w-36 max-w-56 wrap-anywhere" data-testid="row-id">
          <span className="font-medium">{l.reference}</span>
          <div className="whitespace-nowrap text-xs text-slate-500">
            {method(l.vendor)} · {t(KIND_WORD[l.kind as keyof typeof KIND_WORD] ?? "hostedPage")}
          </div>
          <Asked l={l} t={t} />
        </div>
      ),
    },
    {
      id: "amount",
      header: t("columns.amount"),
      meta: { align: "right", keep: true },
      cell: ({ row: { original: l } }) => (
        <div className="whitespace-nowrap tabular-nums" data-testid="row-amount">
          <span className="font-semibold">{f.money(l.amount, l.currency)}</span>
          {l.cnyAmount !== null && <div className="text-xs text-slate-500">{f.money(l.cnyAmount, "CNY")}</div>}
        </div>
      ),
    },
    statusColumn(t("columns.status"), (l) => <StatusBadge status={l.status} />),
    {
      id: "outcome",
      header: t("columns.outcome"),
      meta: { priority: 8 },
      cell: ({ row: { original: l } }) => (
        <div className="min-w-44 text-xs text-slate-600">
          {outcome(l, words)}
          {l.transactionId && (
            <>
              {" · "}
              <Link className="text-brand-600 underline" href={`/transactions/${encodeURIComponent(l.transactionId)}`}>
                {t("transaction")}
              </Link>
            </>
          )}
          <div className="text-slate-500">
            {t("created", { at: f.dateTime(l.createdAt) })}
            {l.checkedAt && <span data-testid="link-checked"> · {t("checked", { at: f.dateTime(l.checkedAt) })}</span>}
          </div>
        </div>
      ),
    },
    {
      id: "link",
      header: t("columns.link"),
      meta: { pin: "right" },
      cell: ({ row }) => {
        const l = row.original;
        // A paid, canceled or expired link is not sent to anyone again: no Copy, no QR code.
        if (l.status !== "initiated")
          return (
            <div className="w-64 text-xs text-slate-500 xl:w-80" data-testid="row-actions">
              {t("closedLink")}
            </div>
          );
        return (
          <div className="flex w-64 items-center gap-1 xl:w-80" data-testid="row-actions">
            <input
              readOnly
              value={l.url}
              className="min-w-0 flex-1 rounded border border-slate-200 px-2 py-1 font-mono text-xs"
              aria-label={t("linkFor", { reference: l.reference })}
            />
            <button
              type="button"
              onClick={() => void navigator.clipboard?.writeText(l.url)}
              className="rounded border border-slate-300 px-2 py-1 text-xs"
            >
              {t("copy")}
            </button>
            <button
              type="button"
              aria-expanded={row.getIsExpanded()}
              onClick={row.getToggleExpandedHandler()}
              className="rounded border border-slate-300 px-2 py-1 text-xs"
            >
              {t("qrButton")}
            </button>
          </div>
        );
      },
    },
  ];
};

/**
 * A page of links, filtered by the URL, refreshed every few seconds while one on it waits for
 * its customer (the follow job keeps them current otherwise), and after a new link is made.
 */
export function LinkList() {
  const t = useTranslations("paymentLinks");
  const f = useFormat();
  const method = useMethodLabel();
  const status = useStatusLabel();
  const columns = useMemo(() => linkColumns({ t, f, method }), [t, f, method]);
  const { query, page, pager, unpaged, filterBar, dataTable } = usePagedList(paymentLinkList, {
    refetchInterval: (q) => (q.state.data?.links.some((l) => l.status === "initiated") ? 3000 : false),
  });
  const links = page?.links ?? [];
  return (
    <div className="space-y-2">
      {query.isError && (
        <p className="text-xs text-red-700" role="status">
          {t("checkError", { message: query.error.message })}
        </p>
      )}
      <FilterBar key={unpaged} {...filterBar()}>
        <FilterText label={t("filters.reference")} name="q" />
        <FilterSelect label={t("columns.status")} name="status" options={LINK_STATUSES} text={status} />
      </FilterBar>
      <DataTable
        list="payment-links"
        rowTestId="payment-link"
        columns={columns}
        {...dataTable(links, { noun: [t("nounOne"), t("nounOther")], money: (l) => l })}
        getRowId={(l) => l.id}
        empty={t("empty")}
        expanded={(l) => (
          <div className="flex items-center gap-4">
            <QrCode value={l.url} size={160} aria-label={t("qrFor", { reference: l.reference })} />
            <p className="text-sm text-slate-600">{t("scanToPay", { reference: l.reference })}</p>
          </div>
        )}
      />
      <ListPager {...pager()} />
    </div>
  );
}
