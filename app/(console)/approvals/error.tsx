"use client";

import { SectionError } from "@/components/shell/section-error";

export default function ApprovalsError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SectionError what="The approvals" {...props} testId="approvals-error" />;
}
