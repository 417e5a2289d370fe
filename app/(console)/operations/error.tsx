"use client";

import { SectionError } from "@/components/shell/section-error";

export default function OperationsError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SectionError what="The operations" {...props} testId="operations-error" />;
}
