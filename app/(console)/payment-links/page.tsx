import { requirePageUser } from "@/lib/platform/auth/session";
import { pagePaymentLinks } from "@/lib/payment-links/service";
import { PAYMENT_LINKS_PAGE, paymentLinkList } from "@/lib/payment-links/search-params";
import { PrefetchedList, prefetchOf } from "@/components/data-table/prefetched-list";
import { LinkList, PaymentLinkForm } from "./_components/link-list";
import { getTranslations, titled } from "@/lib/platform/i18n/server";
import { PageHeader } from "@/components/ui/page-header";
import type { PageSearch } from "@/lib/platform/api/list-state";

export const generateMetadata = titled("paymentLinks", "title");

const prefetch = prefetchOf(paymentLinkList, (f) => pagePaymentLinks({ ...f, limit: PAYMENT_LINKS_PAGE }));

export default async function PaymentLinksPage({ searchParams }: PageSearch) {
  await requirePageUser("charges.create");
  const t = await getTranslations("paymentLinks");
  return (
    <div className="space-y-4">
      <PageHeader title={t("title")}>{t("description")}</PageHeader>
      <PaymentLinkForm />
      <PrefetchedList queries={[await prefetch(searchParams)]}>
        <LinkList />
      </PrefetchedList>
    </div>
  );
}
