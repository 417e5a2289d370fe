import { SectionLoading } from "@/components/shell/section-loading";
import { getTranslations } from "@/lib/platform/i18n/server";

export default async function CustomsLoading() {
  const t = await getTranslations("customs");
  return <SectionLoading what={t("list.loading")} />;
}
