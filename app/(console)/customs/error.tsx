"use client";

import { SectionError } from "@/components/shell/section-error";
import { useTranslations } from "@/lib/platform/i18n/client";

export default function CustomsError(props: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("customs");
  return <SectionError what={t("list.error")} {...props} testId="customs-error" />;
}
