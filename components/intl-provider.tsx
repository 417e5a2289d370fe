"use client";

import { useMemo } from "react";
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
  // A server refresh (router.refresh() after a decision) sends the same words as a new object:
  // kept as the old one, `t` stays the same function, so a list's columns are not made again —
  // TanStack renders each cell as a component, and new cell functions remounted every cell,
  // losing what was typed in a row's form (a manager's comment on the next request).
  const text = JSON.stringify(messages);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the words (text), not the object, are what matters.
  const kept = useMemo(() => messages, [text]);
  return (
    <IntlProvider locale={locale} timeZone={timeZone} messages={kept}>
      {children}
    </IntlProvider>
  );
}
