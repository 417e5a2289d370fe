import { redirect } from "next/navigation";
import { requirePageUser } from "@/lib/platform/auth/session";
import { referencesForEmail } from "@/lib/customers/view";
import { customerList } from "@/lib/customers/search-params";
import { customerHref } from "@/components/records/customers/customer-link";
import { PrefetchedList } from "@/components/data-table/prefetched-list";
import { getTranslations, titled } from "@/lib/platform/i18n/server";
import { CustomerLookup } from "./_components/customer-lookup";
import { PageHeader } from "@/components/ui/page-header";
import type { PageSearch } from "@/lib/platform/api/list-state";

export const generateMetadata = titled("customers", "title");

// The way to a customer page: by consumer reference, or by email through the stored cards
// that recorded one (the payment API's charges do not return the consumer's email). A link
// that names one customer opens their page at once.
export default async function CustomersPage({ searchParams }: PageSearch) {
  await requirePageUser("transactions.read");
  const t = await getTranslations("customers");
  const state = await customerList.load(searchParams);
  if (state.reference) redirect(customerHref(state.reference));
  const references = state.email ? await referencesForEmail(state.email) : [];
  if (references.length === 1) redirect(customerHref(references[0]!));
  return (
    <div className="max-w-3xl space-y-5">
      <PageHeader title={t("title")}>{t("description")}</PageHeader>
      <PrefetchedList
        queries={[
          { queryKey: customerList.options(customerList.search(state)).queryKey, load: async () => ({ references }) },
        ]}
      >
        <CustomerLookup />
      </PrefetchedList>
    </div>
  );
}
