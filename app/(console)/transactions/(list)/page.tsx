import type { Metadata } from "next";
import { dehydrate, HydrationBoundary } from "@tanstack/react-query";
import { requirePageUser } from "@/lib/platform/auth/session";
import { can } from "@/lib/platform/auth/permissions";
import { transactionFilterSchema } from "@/lib/ledger/filters";
import { getPreferences } from "@/lib/platform/i18n/server";
import { listTransactions } from "@/lib/ledger/query";
import { canonicalSearch, transactionListOptions } from "@/lib/ledger/query-options";
import { makeQueryClient } from "@/components/query-client";
import { TransactionsTable } from "../_components/transactions-table";
import { ImportForm } from "../_components/import-form-lazy";
import { ListHeader } from "@/components/data-table/list-header";
import { SavedViews } from "@/components/data-table/saved-views-lazy";
import { getTranslations } from "@/lib/platform/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("transactions");
  return { title: t("title") };
}

export default async function TransactionsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requirePageUser("transactions.read");
  const t = await getTranslations("transactions");
  const params = await searchParams;
  const search = canonicalSearch(params);
  // Prefetch with the same key the browser uses; a failure here reaches the error boundary.
  const queryClient = makeQueryClient();
  const options = transactionListOptions(search);
  queryClient.setQueryData(
    options.queryKey,
    await listTransactions({
      ...transactionFilterSchema.parse(Object.fromEntries(new URLSearchParams(search))),
      timeZone: (await getPreferences()).timeZone,
    }),
  );
  return (
    <div className="space-y-4">
      <ListHeader
        title={t("title")}
        description={t("description")}
        toolbar={<SavedViews list="transactions" />}
        actions={<ImportForm />}
      />
      <HydrationBoundary state={dehydrate(queryClient)}>
        {/* Rows are selectable by whoever may refund them: what bulk refunds will act on. */}
        <TransactionsTable selectable={can(user.role, "money.move")} />
      </HydrationBoundary>
    </div>
  );
}
