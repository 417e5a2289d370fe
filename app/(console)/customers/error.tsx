"use client";

import { SectionError } from "@/components/shell/section-error";

export default function CustomersError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SectionError what="The customer page" {...props} testId="customers-error" />;
}
