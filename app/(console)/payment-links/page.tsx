import type { Metadata } from "next";
import { requirePageUser } from "@/lib/platform/auth/session";
import { pagePaymentLinks } from "@/lib/payment-links/service";
import { PAYMENT_LINKS_PAGE, paymentLinkList, paymentLinkListOptions } from "@/lib/payment-links/search-params";
import { PrefetchedList } from "@/components/data-table/prefetched-list";
import { PaymentLinkForm } from "./_components/payment-link-form-lazy";
import { LinkList } from "./_components/link-list";
import { getTranslations } from "@/lib/platform/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("paymentLinks");
  return { title: t("title") };
}

export default async function PaymentLinksPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requirePageUser("charges.create");
  const t = await getTranslations("paymentLinks");
  const state = await paymentLinkList.load(searchParams);
  const load = () => pagePaymentLinks({ ...paymentLinkList.filter(state), limit: PAYMENT_LINKS_PAGE });
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <p className="mt-1 text-slate-600">{t("description")}</p>
      </div>
      <PaymentLinkForm />
      <PrefetchedList queries={[{ queryKey: paymentLinkListOptions(paymentLinkList.search(state)).queryKey, load }]}>
        <LinkList />
      </PrefetchedList>
    </div>
  );
}
