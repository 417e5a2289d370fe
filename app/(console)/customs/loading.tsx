import { SectionLoading } from "@/components/shell/section-loading";

export default function CustomsLoading() {
  return <SectionLoading what="customs declarations" />;
}
