"use client";

import { SectionError } from "@/components/shell/section-error";
import { useTranslations } from "@/lib/platform/i18n/client";

export default function SearchError(props: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("search");
  return <SectionError what={t("errorWhat")} {...props} testId="search-error" />;
}
