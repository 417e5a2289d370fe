import { SectionLoading } from "@/components/shell/section-loading";

export default function WebhooksLoading() {
  return <SectionLoading what="webhook inbox" />;
}
