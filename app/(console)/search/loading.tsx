import { SectionLoading } from "@/components/shell/section-loading";
import { getTranslations } from "@/lib/platform/i18n/server";

export default async function SearchLoading() {
  const t = await getTranslations("search");
  return <SectionLoading what={t("loadingWhat")} />;
}
