"use client";

import { SectionError } from "@/components/shell/section-error";

export default function SearchError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SectionError what="The search results" {...props} testId="search-error" />;
}
