import { SectionLoading } from "@/components/shell/section-loading";
import { getTranslations } from "@/lib/platform/i18n/server";

export default async function OperationsLoading() {
  const t = await getTranslations("operations");
  return <SectionLoading what={t("loadingWhat")} />;
}
