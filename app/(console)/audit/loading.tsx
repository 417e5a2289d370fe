import { SectionLoading } from "@/components/shell/section-loading";
import { getTranslations } from "@/lib/platform/i18n/server";

export default async function AuditLoading() {
  return <SectionLoading what={(await getTranslations("audit"))("loading")} />;
}
