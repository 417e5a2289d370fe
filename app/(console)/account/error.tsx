"use client";

import { SectionError } from "@/components/shell/section-error";

export default function AccountError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SectionError what="Your account" {...props} testId="account-error" />;
}
