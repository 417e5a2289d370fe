import { getTranslations } from "@/lib/platform/i18n/server";
import { SectionLoading } from "@/components/shell/section-loading";

export default async function SettingsLoading() {
  const t = await getTranslations("settings");
  return <SectionLoading what={t("section.loading")} />;
}
