import { SectionLoading } from "@/components/shell/section-loading";

export default function TransactionsLoading() {
  return <SectionLoading what="transactions" />;
}
