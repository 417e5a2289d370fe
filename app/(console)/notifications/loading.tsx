import { SectionLoading } from "@/components/shell/section-loading";
import { getTranslations } from "@/lib/platform/i18n/server";

export default async function NotificationsLoading() {
  const t = await getTranslations("notifications");
  return <SectionLoading what={t("loadingWhat")} />;
}
