import { SectionLoading } from "@/components/shell/section-loading";
import { getTranslations } from "@/lib/platform/i18n/server";

export default async function ChargebacksLoading() {
  return <SectionLoading what={(await getTranslations("chargebacks"))("loading")} />;
}
