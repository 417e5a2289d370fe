"use client";

import { SectionError } from "@/components/shell/section-error";

export default function TransactionsError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SectionError what="The transactions" {...props} testId="transactions-error" />;
}
