import { requirePageUser } from "@/lib/platform/auth/session";
import { can } from "@/lib/platform/auth/permissions";
import { transactionFilterSchema } from "@/lib/ledger/filters";
import { transactionList } from "@/lib/ledger/search-params";
import { getPreferences, titled } from "@/lib/platform/i18n/server";
import { listTransactions } from "@/lib/ledger/query";
import { PrefetchedList } from "@/components/data-table/prefetched-list";
import { ImportForm, TransactionsTable } from "../_components/transactions-table";
import { ListHeader } from "@/components/data-table/list-header";
import { SavedViews } from "@/components/data-table/saved-views-lazy";
import { getTranslations } from "@/lib/platform/i18n/server";
import Link from "next/link";
import { Notice } from "@/components/ui/notice";
import type { PageSearch } from "@/lib/platform/api/list-state";

export const generateMetadata = titled("transactions", "title");

export default async function TransactionsPage({ searchParams }: PageSearch) {
  const user = await requirePageUser("transactions.read");
  const t = await getTranslations("transactions");
  const search = transactionList.search(await transactionList.load(searchParams));
  const filter = transactionFilterSchema.parse(Object.fromEntries(new URLSearchParams(search)));
  const { timeZone } = await getPreferences();
  // Everyone's transactions again: the same filters without the customer (and from page one).
  const everyone = new URLSearchParams(search);
  everyone.delete("customer");
  everyone.delete("cursor");
  return (
    <div className="space-y-4">
      <ListHeader
        title={t("title")}
        description={t("description")}
        toolbar={<SavedViews list="transactions" />}
        actions={<ImportForm />}
      />
      {/* One customer's rows (the customer page's "all charges"): said here, where the filters do
          not show it, and set only by a link, so it needs no browser code. */}
      {filter.customer && (
        <Notice tone="info" testId="customer-scope">
          {t("scope.customer", { reference: filter.customer })}{" "}
          <Link className="font-medium underline" href={`/customers/${encodeURIComponent(filter.customer)}`}>
            {t("scope.customerOpen")}
          </Link>
          {" · "}
          <Link className="font-medium underline" href={`/transactions${everyone.size ? `?${everyone}` : ""}`}>
            {t("scope.customerClear")}
          </Link>
        </Notice>
      )}
      <PrefetchedList
        queries={[
          { queryKey: transactionList.options(search).queryKey, load: () => listTransactions({ ...filter, timeZone }) },
        ]}
      >
        {/* Rows are selectable by whoever may refund them: what bulk refunds will act on. */}
        <TransactionsTable selectable={can(user, "money.move")} />
      </PrefetchedList>
    </div>
  );
}
