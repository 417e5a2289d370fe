"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { QrCode } from "@/components/qr-code";
import { apiFetch } from "@/lib/platform/api/client";
import { DataTable } from "@/components/data-table/data-table";
import { ListSummary, pageSummary } from "@/components/data-table/list-summary";
import { linkColumns, type PaymentLink } from "./link-columns";
import { useMemo } from "react";
import { useFormat, useTranslations } from "@/lib/platform/i18n/client";
import { useMethodLabel } from "@/components/payments/format";

/**
 * One page of links (`cursor`: null for the newest), refreshed every few seconds while one
 * waits for its customer; the follow job keeps them current otherwise.
 */
export function LinkList({
  initial,
  cursor,
  older,
  more,
  limit,
}: {
  initial: PaymentLink[];
  cursor: string | null;
  /** This is an older page (the cursor was one the list gave). */
  older: boolean;
  /** Older links follow this page. */
  more: boolean;
  limit: number;
}) {
  const key = ["payment-links", "list", cursor];
  const t = useTranslations("paymentLinks");
  const f = useFormat();
  const method = useMethodLabel();
  const columns = useMemo(() => linkColumns({ t, f, method }), [t, f, method]);
  const queryClient = useQueryClient();
  // A new link (the form refreshes the page) arrives as a new `initial`: it replaces what the list holds.
  useEffect(() => {
    queryClient.setQueryData(["payment-links", "list", cursor], initial);
  }, [queryClient, initial, cursor]);
  const query = useQuery({
    queryKey: key,
    queryFn: async () => {
      const page = new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) });
      return (await apiFetch<{ links: PaymentLink[] }>(`/api/payment-links?${page}`)).links;
    },
    initialData: initial,
    refetchInterval: (q) => (q.state.data?.some((l) => l.status === "initiated") ? 3000 : false),
  });
  return (
    <div className="space-y-2">
      {query.isError && (
        <p className="text-xs text-red-700" role="status">
          {t("checkError", { message: query.error.message })}
        </p>
      )}
      <DataTable
        list="payment-links"
        rowTestId="payment-link"
        columns={columns}
        data={query.data}
        getRowId={(l) => l.id}
        empty={t("empty")}
        footer={
          <ListSummary
            summary={pageSummary(query.data, more, (l) => l, older)}
            noun={[t("nounOne"), t("nounOther")]}
            money
          />
        }
        expanded={(l) => (
          <div className="flex items-center gap-4">
            <QrCode value={l.url} size={160} aria-label={t("qrFor", { reference: l.reference })} />
            <p className="text-sm text-slate-600">{t("scanToPay", { reference: l.reference })}</p>
          </div>
        )}
      />
    </div>
  );
}
