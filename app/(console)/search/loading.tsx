import { SectionLoading } from "@/components/shell/section-loading";

export default function SearchLoading() {
  return <SectionLoading what="search results" />;
}
