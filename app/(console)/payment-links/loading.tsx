import { SectionLoading } from "@/components/shell/section-loading";
import { getTranslations } from "@/lib/platform/i18n/server";

export default async function PaymentLinksLoading() {
  const t = await getTranslations("paymentLinks");
  return <SectionLoading what={t("loadingWhat")} />;
}
