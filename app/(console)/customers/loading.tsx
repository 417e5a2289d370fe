import { SectionLoading } from "@/components/shell/section-loading";

export default function CustomersLoading() {
  return <SectionLoading what="customer" />;
}
