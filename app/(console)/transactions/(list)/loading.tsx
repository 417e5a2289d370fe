import { SectionLoading } from "@/components/shell/section-loading";
import { getTranslations } from "@/lib/platform/i18n/server";

export default async function TransactionsLoading() {
  const t = await getTranslations("transactions");
  return <SectionLoading what={t("loadingWhat")} />;
}
