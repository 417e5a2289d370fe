"use client";

import { useTranslations } from "@/lib/platform/i18n/client";
import { SectionError } from "@/components/shell/section-error";

export default function OverviewError(props: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("overview");
  return <SectionError what={t("section.error")} {...props} />;
}
