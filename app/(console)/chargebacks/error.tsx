"use client";

import { SectionError } from "@/components/shell/section-error";
import { useTranslations } from "@/lib/platform/i18n/client";

export default function ChargebacksError(props: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations("chargebacks");
  return <SectionError what={t("section")} {...props} testId="chargebacks-error" />;
}
