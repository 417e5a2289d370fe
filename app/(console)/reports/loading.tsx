import { SectionLoading } from "@/components/shell/section-loading";

export default function ReportsLoading() {
  return <SectionLoading what="reports" />;
}
