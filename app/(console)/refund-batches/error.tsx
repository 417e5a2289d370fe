"use client";

import { SectionError } from "@/components/shell/section-error";
import { useTranslations } from "@/lib/platform/i18n/client";

export default function RefundBatchesError(props: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("refundBatches");
  return <SectionError what={t("errorWhat")} {...props} testId="refund-batches-error" />;
}
