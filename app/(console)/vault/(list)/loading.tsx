import { SectionLoading } from "@/components/shell/section-loading";
import { getTranslations } from "@/lib/platform/i18n/server";

export default async function VaultLoading() {
  const t = await getTranslations("vault");
  return <SectionLoading what={t("loadingWhat")} />;
}
