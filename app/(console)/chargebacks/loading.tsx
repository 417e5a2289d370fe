import { SectionLoading } from "@/components/shell/section-loading";

export default function ChargebacksLoading() {
  return <SectionLoading what="chargebacks" />;
}
