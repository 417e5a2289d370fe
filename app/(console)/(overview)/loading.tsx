import { getTranslations } from "@/lib/platform/i18n/server";
import { SectionLoading } from "@/components/shell/section-loading";

export default async function OverviewLoading() {
  const t = await getTranslations("overview");
  return <SectionLoading what={t("section.loading")} />;
}
