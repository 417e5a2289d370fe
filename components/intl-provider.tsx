"use client";

import { useMemo } from "react";
import { IntlProvider, useLocale, useMessages, useTimeZone } from "use-intl";
import type { Messages } from "@/lib/platform/i18n/catalog";
import type { Locale } from "@/lib/platform/i18n/locales";

/** The person's language, time zone and the frame's messages for the browser's components (lib/platform/i18n/client.ts). */
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

/**
 * A section's messages beside the frame's: a nested provider replaces its parent's messages, so
 * the parent's are carried in here (in the browser) rather than sent twice.
 */
export function SectionIntlProvider({
  messages,
  children,
}: {
  messages: Partial<Messages>;
  children: React.ReactNode;
}) {
  const frame = useMessages();
  const locale = useLocale();
  const timeZone = useTimeZone();
  const all = useMemo(() => ({ ...frame, ...messages }), [frame, messages]);
  return (
    <IntlProvider locale={locale} timeZone={timeZone} messages={all}>
      {children}
    </IntlProvider>
  );
}
