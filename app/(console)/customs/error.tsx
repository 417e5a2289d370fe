"use client";

import { SectionError } from "@/components/shell/section-error";

export default function CustomsError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SectionError what="The customs declarations" {...props} testId="customs-error" />;
}
