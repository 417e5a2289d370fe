import { SectionLoading } from "@/components/shell/section-loading";

export default function OperationsLoading() {
  return <SectionLoading what="operations" />;
}
