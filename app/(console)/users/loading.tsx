import { getTranslations } from "@/lib/platform/i18n/server";
import { SectionLoading } from "@/components/shell/section-loading";

export default async function UsersLoading() {
  const t = await getTranslations("users");
  return <SectionLoading what={t("section.loading")} />;
}
