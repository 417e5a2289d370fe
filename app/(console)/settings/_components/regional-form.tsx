"use client";

import type { Settings } from "@/lib/platform/settings/schema";
import { useTranslations } from "@/lib/platform/i18n/client";
import { LanguageOptions } from "@/components/form/region-options";
import { ZoneSelect } from "@/components/form/zone-select";
import type { ZoneOption } from "@/components/ui/zone-options";
import { SelectInput } from "@/components/form/inputs";
import { useKitForm } from "@/components/form/kit-form";
import { SettingsForm } from "./use-settings-save";

type RegionalValues = Pick<Settings, "defaultLocale" | "defaultTimeZone" | "reportingTimeZone">;

/**
 * The merchant's language and time zones: the defaults of a person who has not chosen their own
 * (Account → Language and time zone), and the one calendar of the home's "today" and per-day totals.
 */
export function RegionalForm({ initial, zones }: { initial: RegionalValues; zones: ZoneOption[] }) {
  const t = useTranslations("settings");
  const form = useKitForm<RegionalValues, RegionalValues>({
    schema: () => import("./regional-schema").then((m) => m.regionalFormSchema),
    defaultValues: initial,
  });

  return (
    <SettingsForm section="regional" testId="regional" form={form} columns={2}>
      <SelectInput name="defaultLocale" label={t("regional.defaultLocale")} hint={t("regional.defaultLocaleHint")}>
        <LanguageOptions />
      </SelectInput>
      <ZoneSelect
        name="defaultTimeZone"
        label={t("regional.defaultTimeZone")}
        hint={t("regional.defaultTimeZoneHint")}
        zones={zones}
        find={t("regional.findZone")}
        findHint={t("regional.findZoneHint")}
      />
      <ZoneSelect
        name="reportingTimeZone"
        label={t("regional.reportingTimeZone")}
        hint={t("regional.reportingTimeZoneHint")}
        zones={zones}
        find={t("regional.findZone")}
        findHint={t("regional.findZoneHint")}
      />
    </SettingsForm>
  );
}
