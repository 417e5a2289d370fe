"use client";

import { SectionError } from "@/components/shell/section-error";

export default function PaymentLinksError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SectionError what="The payment links" {...props} testId="payment-links-error" />;
}
