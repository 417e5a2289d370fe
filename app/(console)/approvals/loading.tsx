import { SectionLoading } from "@/components/shell/section-loading";
import { getTranslations } from "@/lib/platform/i18n/server";

export default async function ApprovalsLoading() {
  const t = await getTranslations("approvals");
  return <SectionLoading what={t("loadingWhat")} />;
}
