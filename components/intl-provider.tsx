"use client";

import { IntlProvider } from "use-intl";
import type { Messages } from "@/lib/platform/i18n/catalog";
import type { Locale } from "@/lib/platform/i18n/locales";

/** The person's language, time zone and messages for the browser's components (lib/platform/i18n/client.ts): the frame's from the root layout, a section's from its layout. */
export function ConsoleIntlProvider({
  locale,
  timeZone,
  messages,
  children,
}: {
  locale: Locale;
  timeZone: string;
  messages: Partial<Messages>;
  children: React.ReactNode;
}) {
  return (
    <IntlProvider locale={locale} timeZone={timeZone} messages={messages}>
      {children}
    </IntlProvider>
  );
}
