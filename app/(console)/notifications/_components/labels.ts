import "server-only";
import { getTranslations } from "@/lib/platform/i18n/server";
import type { PreferenceView } from "@/lib/notifications/preferences";
import type { PreferenceLabels } from "./email-preferences";

/** The preferences form's words, and its rows, in the reader's language. */
export async function preferenceForm(views: PreferenceView[], zone: string) {
  const t = await getTranslations("notifications");
  const modes = { console: t("modes.console"), email: t("modes.email"), digest: t("modes.digest") };
  const rows = views.map((v) => ({ ...v, label: t(`preferences.kinds.${v.kind}`) }));
  const labels: PreferenceLabels = {
    title: t("modes.title"),
    description: t("modes.description"),
    always: t("preferences.always"),
    save: t("preferences.save"),
    saved: t("preferences.saved"),
    failed: t("preferences.failed"),
    roleDefault: Object.fromEntries(views.map((v) => [v.kind, t("modes.roleDefault", { mode: modes[v.roleDefault] })])),
    modes,
    quiet: {
      title: t("quiet.title"),
      description: t("quiet.description", { zone }),
      on: t("quiet.on"),
      start: t("quiet.start"),
      end: t("quiet.end"),
    },
  };
  return { rows, labels };
}
