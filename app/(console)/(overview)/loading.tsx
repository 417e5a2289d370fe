import { SectionLoading } from "@/components/shell/section-loading";

export default function OverviewLoading() {
  return <SectionLoading what="overview" />;
}
