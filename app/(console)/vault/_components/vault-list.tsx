"use client";

import { dateColumn } from "@/components/data-table/common-columns";
import Link from "next/link";
import type { Column } from "@/components/data-table/types";
import type { TokenView } from "@/lib/vault/service";
import { CustomerLink } from "@/components/records/customers/customer-link";
import { useMemo } from "react";
import { tableOf } from "@/components/data-table/table-of";
import { useFormat, useTranslations } from "@/lib/platform/i18n/client";
import { StatusLabel, useStatusLabel } from "@/components/records/ledger/status-label";
import { TOKEN_STATUSES, vaultList } from "@/lib/vault/search-params";
import { usePagedList } from "@/components/data-table/use-paged-list";
import { FilterBar, FilterSelect, FilterText } from "@/components/data-table/list-filters";
import { ListPager } from "@/components/data-table/list-pager";
import { Notice } from "@/components/ui/notice";
import dynamic from "next/dynamic";
import { FormLoading } from "@/components/form/lazy";

// The add-card form after the page's first load (components/form/lazy.tsx says why).
export const AddCardForm = dynamic(() => import("./add-card-form").then((m) => m.AddCardForm), {
  ssr: false,
  loading: () => <FormLoading />,
});

type T = ReturnType<typeof useTranslations<"vault">>;

function DeletedOn({ at }: { at: string }) {
  const f = useFormat();
  return (
    <span className="whitespace-nowrap text-xs text-slate-700" data-testid="row-deleted-at" title={f.dateTime(at)}>
      {f.date(at)}
    </span>
  );
}

const consumer = (t: TokenView) => {
  const who = [t.consumerName, t.consumerEmail].filter(Boolean).join(" · ");
  if (!t.consumerReference) return who || "—";
  return (
    <>
      {who && `${who} · `}
      <CustomerLink reference={t.consumerReference} />
    </>
  );
};

// The vault list's columns, defined once: the card (with its expiry, as a card reads) pinned left, its token pinned right.
const vaultColumns = (t: T): Column<TokenView>[] => [
  {
    id: "card",
    header: t("columns.card"),
    meta: { pin: "left" },
    cell: ({ row: { original: v } }) => (
      <span className="whitespace-nowrap" data-testid="row-id">
        <span className="capitalize">{v.brand ?? v.method ?? "—"}</span>{" "}
        <span className="font-mono">{v.panMasked ?? ""}</span>
        {v.expiry && (
          <span className="ml-2 text-slate-600" title={t("columns.expiry")} data-testid="row-expiry">
            {v.expiry}
          </span>
        )}
      </span>
    ),
  },
  {
    id: "status",
    header: t("columns.status"),
    meta: { keep: true },
    cell: ({ row: { original: v } }) => (
      // The day it was deleted under the badge, its minute on hover (and on the token's page):
      // beside it, it widened the column until the reference gave way.
      <span className="flex flex-col items-start gap-0.5">
        <span
          className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${v.status === "active" ? "bg-emerald-50 text-emerald-700" : "bg-slate-100 text-slate-700"}`}
          data-testid="row-status"
        >
          <StatusLabel status={v.status} />
        </span>
        {v.deletedAt && <DeletedOn at={v.deletedAt} />}
      </span>
    ),
  },
  {
    id: "consumer",
    header: t("columns.consumer"),
    meta: { priority: 9 },
    cell: ({ row: { original: v } }) => consumer(v),
  },
  {
    id: "reference",
    header: t("columns.reference"),
    meta: { priority: 10 },
    cell: ({ row: { original: v } }) => <span className="block min-w-36 wrap-anywhere">{v.reference ?? "—"}</span>,
  },
  dateColumn("created", t("columns.created"), (v) => v.timeCreated, 4),
  {
    id: "token",
    header: t("columns.token"),
    meta: { pin: "right" },
    cell: ({ row: { original: v } }) => (
      <Link
        href={`/vault/${encodeURIComponent(v.token)}`}
        className="font-mono text-xs text-brand-600 hover:underline"
        data-testid="row-actions"
        title={t("open")}
      >
        {v.token}
      </Link>
    ),
  },
];

const VaultTable = tableOf<TokenView>({ list: "vault", rowTestId: "vault-token", getRowId: (v) => v.token }, () => {
  const t = useTranslations("vault");
  return { columns: useMemo(() => vaultColumns(t), [t]), empty: t("empty") };
});

/** The stored cards in the browser: the service's sync warning, the filters, a page of tokens and its pager. */
export function VaultList() {
  const t = useTranslations("vault");
  const status = useStatusLabel();
  const f = useFormat();
  const { state, query, page, pager, unpaged, filterBar, table } = usePagedList(vaultList);
  // Not an empty vault that looks like "no cards": the page's error boundary says what failed.
  if (query.isError) throw query.error;
  const tokens = page?.tokens ?? [];
  // The service's explained reason in the reader's language; another one as the service said it.
  const syncKey = page?.syncErrorKey ? (`sync.${page.syncErrorKey}` as const) : null;
  const why = syncKey && t.has(syncKey as never) ? t(syncKey as never) : page?.syncError;
  return (
    <>
      {page?.syncError && (
        <Notice tone="warning" testId="vault-sync-error">
          {why}
          {f.sentenceGap}
          {t("syncFallback")}
        </Notice>
      )}
      <FilterBar key={unpaged} {...filterBar()}>
        <FilterText label={t("filters.q")} name="q" />
        <FilterSelect label={t("filters.status")} name="status" options={TOKEN_STATUSES} text={status} />
        <FilterSelect label={t("filters.brand")} name="brand" options={page?.brands ?? []} />
      </FilterBar>
      <VaultTable
        {...table(tokens, { noun: [t("nounOne"), t("nounOther")] })}
        empty={state.q || state.status || state.brand ? t("emptyFiltered") : t("empty")}
      />
      <ListPager {...pager()} />
    </>
  );
}
