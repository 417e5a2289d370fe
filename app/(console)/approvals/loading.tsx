import { SectionLoading } from "@/components/shell/section-loading";

export default function ApprovalsLoading() {
  return <SectionLoading what="approvals" />;
}
