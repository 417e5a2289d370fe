"use client";

import { SectionError } from "@/components/shell/section-error";
import { useTranslations } from "@/lib/platform/i18n/client";

export default function CustomersError(props: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("customers");
  return <SectionError what={t("errorWhat")} {...props} testId="customers-error" />;
}
