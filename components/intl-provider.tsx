"use client";

import { IntlProvider } from "use-intl";
import type { Messages } from "@/lib/platform/i18n/catalog";
import type { Locale } from "@/lib/platform/i18n/locales";

/** The person's catalog, language and time zone for the browser's components (lib/platform/i18n/client.ts). */
export function ConsoleIntlProvider({
  locale,
  timeZone,
  messages,
  children,
}: {
  locale: Locale;
  timeZone: string;
  messages: Messages;
  children: React.ReactNode;
}) {
  return (
    <IntlProvider locale={locale} timeZone={timeZone} messages={messages}>
      {children}
    </IntlProvider>
  );
}
