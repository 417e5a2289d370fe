"use client";

import { useTranslations } from "@/lib/platform/i18n/client";
import { SectionError } from "@/components/shell/section-error";

export default function ConsolePageError(props: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("common");
  return <SectionError what={t("sectionError.thisPage")} {...props} />;
}
