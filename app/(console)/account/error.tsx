"use client";

import { useTranslations } from "@/lib/platform/i18n/client";
import { SectionError } from "@/components/shell/section-error";

export default function AccountError(props: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("account");
  return <SectionError what={t("section.error")} {...props} testId="account-error" />;
}
