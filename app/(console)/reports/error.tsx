"use client";

import { SectionError } from "@/components/shell/section-error";

export default function ReportsError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SectionError what="The reports" {...props} testId="reports-error" />;
}
