"use client";

import { TextInput } from "@/components/form/inputs";
import { useTranslations } from "@/lib/platform/i18n/client";

export function CustomerFields() {
  const t = useTranslations("terminal.form");
  const f = useTranslations("terminal.fields");
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextInput name="consumer.firstName" label={t("consumerFirstName")} />
      <TextInput name="consumer.lastName" label={t("consumerLastName")} />
      <TextInput name="consumer.email" label={t("consumerEmail")} type="email" />
      <TextInput name="consumer.phone" label={f("consumerPhone")} type="tel" />
      <TextInput name="consumer.reference" label={t("consumerReference")} />
    </div>
  );
}
