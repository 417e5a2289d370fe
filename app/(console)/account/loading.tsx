import { getTranslations } from "@/lib/platform/i18n/server";
import { SectionLoading } from "@/components/shell/section-loading";

export default async function AccountLoading() {
  const t = await getTranslations("account");
  return <SectionLoading what={t("section.loading")} />;
}
