"use client";

import { TextInput } from "@/components/form/inputs";
import { useTranslations } from "@/lib/platform/i18n/client";
import { useApiName } from "./api-names";

export function UrlsFields() {
  const t = useTranslations("terminal.fields");
  const api = useApiName();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {(["success", "fail", "cancel", "mobile"] as const).map((name) => (
        <TextInput
          key={name}
          name={`urls.${name}`}
          label={t(`url_${name}`)}
          type="url"
          placeholder="https://"
          hint={api(`urls.${name}`)}
        />
      ))}
    </div>
  );
}
