import type { Messages } from "@/lib/platform/i18n/catalog";
import type { Locale } from "@/lib/platform/i18n/locales";

// Message keys and locales are type-checked: t("transactions.nope") does not compile.
declare module "use-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: Messages;
  }
}
