import { SectionLoading } from "@/components/shell/section-loading";

export default function AuditLoading() {
  return <SectionLoading what="audit log" />;
}
