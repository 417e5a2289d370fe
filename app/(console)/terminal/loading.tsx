import { SectionLoading } from "@/components/shell/section-loading";
import { getTranslations } from "@/lib/platform/i18n/server";

export default async function TerminalLoading() {
  const t = await getTranslations("terminal");
  return <SectionLoading what={t("loadingWhat")} />;
}
