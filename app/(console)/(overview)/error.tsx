"use client";

import { SectionError } from "@/components/shell/section-error";

export default function OverviewError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SectionError what="The overview" {...props} />;
}
