"use client";

import { SectionError } from "@/components/shell/section-error";

export default function ChargebacksError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SectionError what="The chargebacks" {...props} testId="chargebacks-error" />;
}
