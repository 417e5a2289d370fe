import { SectionLoading } from "@/components/shell/section-loading";

export default function AccountLoading() {
  return <SectionLoading what="your account" />;
}
