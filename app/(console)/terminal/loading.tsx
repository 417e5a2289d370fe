import { SectionLoading } from "@/components/shell/section-loading";

export default function TerminalLoading() {
  return <SectionLoading what="virtual terminal" />;
}
