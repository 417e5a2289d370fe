"use client";

import { SectionError } from "@/components/shell/section-error";
import { useTranslations } from "@/lib/platform/i18n/client";

export default function ReconciliationError(props: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("reconciliation");
  return <SectionError what={t("errorWhat")} {...props} testId="reconciliation-error" />;
}
