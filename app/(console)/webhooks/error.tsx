"use client";

import { SectionError } from "@/components/shell/section-error";
import { useTranslations } from "@/lib/platform/i18n/client";

export default function WebhooksError(props: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("webhooks");
  return <SectionError what={t("section")} {...props} testId="webhooks-error" />;
}
