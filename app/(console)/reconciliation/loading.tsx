import { SectionLoading } from "@/components/shell/section-loading";
import { getTranslations } from "@/lib/platform/i18n/server";

export default async function ReconciliationLoading() {
  const t = await getTranslations("reconciliation");
  return <SectionLoading what={t("loadingWhat")} />;
}
