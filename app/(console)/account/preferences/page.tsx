import { requirePageUser } from "@/lib/platform/auth/session";
import { getPreferences, getTranslations, titled } from "@/lib/platform/i18n/server";
import { getSettings } from "@/lib/platform/settings/service";
import { LOCALE_NAMES } from "@/lib/platform/i18n/locales";
import { zoneName } from "@/lib/platform/i18n/format";
import { zoneOptions } from "@/components/ui/zone-options";
import { PreferencesForm } from "./preferences-form";
import { PageHeader } from "@/components/ui/page-header";

export const generateMetadata = titled("account", "preferences.title");

export default async function PreferencesPage() {
  const user = await requirePageUser(undefined, { incomplete: true });
  const [t, prefs, settings] = await Promise.all([getTranslations("account"), getPreferences(), getSettings()]);
  return (
    <div className="max-w-xl space-y-4">
      <PageHeader title={t("preferences.title")}>{t("preferences.intro")}</PageHeader>
      {(user.locale === null || user.timeZone === null) && (
        <p className="text-sm text-slate-600" data-testid="preferences-defaults">
          {t("preferences.usingDefaults", {
            // In the reader's language ("英语"), and a zone named once when its name is its id ("UTC").
            language:
              new Intl.DisplayNames([prefs.locale], { type: "language" }).of(settings.defaultLocale) ??
              LOCALE_NAMES[settings.defaultLocale],
            zone:
              zoneName(settings.defaultTimeZone) === settings.defaultTimeZone
                ? settings.defaultTimeZone
                : `${settings.defaultTimeZone} (${zoneName(settings.defaultTimeZone)})`,
          })}
        </p>
      )}
      <PreferencesForm locale={prefs.locale} timeZone={prefs.timeZone} zones={zoneOptions([prefs.timeZone])} />
    </div>
  );
}
