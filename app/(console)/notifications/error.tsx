"use client";

import { SectionError } from "@/components/shell/section-error";
import { useTranslations } from "@/lib/platform/i18n/client";

export default function NotificationsError(props: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("notifications");
  return <SectionError what={t("errorWhat")} {...props} testId="notifications-error" />;
}
