"use client";

import { SectionError } from "@/components/shell/section-error";
import { useTranslations } from "@/lib/platform/i18n/client";

export default function OperationsError(props: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("operations");
  return <SectionError what={t("errorWhat")} {...props} testId="operations-error" />;
}
