import { SectionLoading } from "@/components/shell/section-loading";

export default function VaultLoading() {
  return <SectionLoading what="vault" />;
}
