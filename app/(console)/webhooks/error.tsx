"use client";

import { SectionError } from "@/components/shell/section-error";

export default function WebhooksError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SectionError what="The webhook inbox" {...props} testId="webhooks-error" />;
}
