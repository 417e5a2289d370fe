"use client";

import { useRouter } from "next/navigation";
import { useWatch } from "react-hook-form";
import { apiFetch } from "@/lib/platform/api/client";
import { useTranslations } from "@/lib/platform/i18n/client";
import type { Locale } from "@/lib/platform/i18n/locales";
import { LanguageOptions } from "@/components/form/region-options";
import { ZoneSelect } from "@/components/form/zone-select";
import { useLeaveWarning } from "@/components/form/use-leave-warning";
import type { PreferencesInput } from "@/lib/platform/i18n/preferences-schema";
import { Button } from "@/components/ui/button";
import { SelectInput } from "@/components/form/inputs";
import { FormSummary } from "@/components/form/form-summary";
import { KitForm, useKitForm } from "@/components/form/kit-form";
import { useFormSend } from "@/components/form/use-form-send";
import { Notice } from "@/components/ui/notice";
import type { ZoneOption } from "@/components/ui/zone-options";
import { Card } from "@/components/ui/card";

export function PreferencesForm({
  locale,
  timeZone,
  zones,
}: {
  locale: Locale;
  timeZone: string;
  zones: ZoneOption[];
}) {
  const t = useTranslations("account");
  const router = useRouter();
  const form = useKitForm<PreferencesInput, PreferencesInput>({
    schema: () => import("@/lib/platform/i18n/preferences-schema").then((m) => () => m.preferencesSchema),
    defaultValues: { locale, timeZone },
  });
  const { onValid, pending, message } = useFormSend(
    form,
    (body: PreferencesInput) => apiFetch("/api/account/preferences", { method: "PATCH", json: body }),
    (_, body) => {
      form.reset(body);
      // The layout reads the language and zone from the session's user: the next render has them.
      router.refresh();
      return t("preferences.saved");
    },
  );
  const chosen = useWatch({ control: form.control, name: "timeZone" });
  useLeaveWarning(form.formState.isDirty && !pending, t("preferences.leave"));

  return (
    <Card padding={5}>
      <KitForm form={form} onValid={onValid} className="space-y-4">
        {message && (
          <Notice tone={message.tone} testId="preferences-message">
            {message.text}
          </Notice>
        )}
        <SelectInput name="locale" label={t("preferences.language")} hint={t("preferences.languageHint")}>
          <LanguageOptions />
        </SelectInput>
        <ZoneSelect
          name="timeZone"
          label={t("preferences.timeZone")}
          hint={t("preferences.timeZoneHint", { now: zones.find((z) => z.value === chosen)?.now ?? "" })}
          zones={zones}
          find={t("preferences.findZone")}
          findHint={t("preferences.findZoneHint")}
        />
        <FormSummary />
        <Button type="submit" disabled={pending}>
          {pending ? t("preferences.saving") : t("preferences.save")}
        </Button>
      </KitForm>
    </Card>
  );
}
