"use client";

import { SectionError } from "@/components/shell/section-error";

export default function AuditError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SectionError what="The audit log" {...props} testId="audit-error" />;
}
