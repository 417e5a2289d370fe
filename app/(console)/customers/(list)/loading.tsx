import { SectionLoading } from "@/components/shell/section-loading";
import { getTranslations } from "@/lib/platform/i18n/server";

export default async function CustomersLoading() {
  const t = await getTranslations("customers");
  return <SectionLoading what={t("loadingWhat")} />;
}
