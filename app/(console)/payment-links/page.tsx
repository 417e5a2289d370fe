import type { Metadata } from "next";
import { requirePageUser } from "@/lib/auth/session";
import { listPaymentLinks } from "@/lib/payment-links/service";
import { PaymentLinkForm } from "./_components/payment-link-form";
import { LinkList } from "./_components/link-list";
import { getTranslations } from "@/lib/i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("paymentLinks");
  return { title: t("title") };
}

export default async function PaymentLinksPage() {
  await requirePageUser("charges.create");
  const t = await getTranslations("paymentLinks");
  const links = await listPaymentLinks();
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <p className="mt-1 text-slate-600">{t("description")}</p>
      </div>
      <PaymentLinkForm />
      <LinkList initial={links} />
    </div>
  );
}
