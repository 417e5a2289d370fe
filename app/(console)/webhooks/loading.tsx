import { SectionLoading } from "@/components/shell/section-loading";
import { getTranslations } from "@/lib/platform/i18n/server";

export default async function WebhooksLoading() {
  return <SectionLoading what={(await getTranslations("webhooks"))("loading")} />;
}
