import { SectionLoading } from "@/components/shell/section-loading";
import { getTranslations } from "@/lib/platform/i18n/server";

export default async function RefundBatchesLoading() {
  const t = await getTranslations("refundBatches");
  return <SectionLoading what={t("loadingWhat")} />;
}
