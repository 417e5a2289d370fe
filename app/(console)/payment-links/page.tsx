import type { Metadata } from "next";
import { requirePageUser } from "@/lib/platform/auth/session";
import { pagePaymentLinks } from "@/lib/payment-links/service";
import { paymentLinkPageSchema } from "@/lib/payment-links/schemas";
import { Pager } from "@/components/ui/list-page";
import { PaymentLinkForm } from "./_components/payment-link-form-lazy";
import { LinkList } from "./_components/link-list";
import { getTranslations } from "@/lib/platform/i18n/server";

const PAGE = 50;

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
  const { cursor } = paymentLinkPageSchema.parse(await searchParams);
  const { links, nextCursor, older } = await pagePaymentLinks({ cursor, limit: PAGE });
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <p className="mt-1 text-slate-600">{t("description")}</p>
      </div>
      <PaymentLinkForm />
      <LinkList initial={links} cursor={cursor ?? null} older={older} more={nextCursor !== null} limit={PAGE} />
      <Pager path="/payment-links" filter={{ cursor }} next={nextCursor} older={older} />
    </div>
  );
}
